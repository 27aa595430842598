"""Writes the notebooks of this folder (thin: import, build, display; one markdown line for
JupyterLab readers — what a learner reads is in the widgets, translated).

Run ``python notebooks/make_notebooks.py`` after the curriculum's groups change.
"""

from pathlib import Path

out = Path(__file__).resolve().parent


def main() -> None:
    import nbformat as nbf

    from unoparty.scenarios.curriculum import load_curriculum

    def nb(cells, name):
        n = nbf.v4.new_notebook()
        n.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
        n.metadata["language_info"] = {"name": "python"}
        n.cells = [nbf.v4.new_markdown_cell(c[1]) if c[0] == "md" else nbf.v4.new_code_cell(c[1]) for c in cells]
        nbf.write(n, out / name)

    # The learner-facing text lives in the widgets (translated); markdown cells cannot be
    # translated, so a notebook keeps one line for readers in JupyterLab.
    reader = ("*unoparty — run this notebook to open the app; its texts follow the language "
              "chosen in the app's menu.*")
    groups = load_curriculum().groups  # English: the file names
    for i, g in enumerate(groups, 1):
        fname = f"Lessons {i:02d} - {g.title}.ipynb".replace("/", "-")
        nb([("md", f"# {g.title}\n\n{reader}"),
            ("code", f"from unoparty.views import lesson_app\n\napp = lesson_app({g.id or g.title!r})\napp.box")], fname)

    nb([("code", "from unoparty.views import App\n\napp = App()\napp.box"),
        ("md", reader)], "Start here.ipynb")
    nb([("md", f"# Play against bots\n\n{reader}"),
        ("code", "from unoparty.views import play_app\n\napp = play_app()\napp.box")], "Play against bots.ipynb")
    nb([("md", f"# The rules in plain words\n\n{reader}"),
        ("code", "from unoparty.views import rules_app\n\napp = rules_app()\napp.box")], "Rules.ipynb")
    print(sorted(p.name for p in out.glob("*.ipynb")))


if __name__ == "__main__":
    main()
