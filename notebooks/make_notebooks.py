"""Writes the notebooks of this folder (thin: import, build, display, and one comment line
for JupyterLab readers — what a learner reads is in the widgets, translated).

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

    # What a learner reads lives in the widgets (translated): markdown cannot be translated,
    # and Voila shows it. A notebook keeps one comment line for readers in JupyterLab (Voila,
    # run with --strip_sources, shows no code and so no comment).
    def reader(what: str) -> str:
        return (f"# unoparty: {what}. Run this cell to open it; its texts follow the language "
                "chosen in its menu.\n")

    groups = load_curriculum().groups  # in English: the file names
    for i, g in enumerate(groups, 1):
        fname = f"Lessons {i:02d} - {g.title}.ipynb".replace("/", "-")
        nb([("code", reader(f"the lessons of the group '{g.title}'")
                     + f"from unoparty.views import lesson_app\n\napp = lesson_app({g.id or g.title!r})\napp.box")], fname)

    nb([("code", reader("the app — lessons, a game against bots and the rules")
                 + "from unoparty.views import App\n\napp = App()\napp.box")], "Start here.ipynb")
    nb([("code", reader("a game against bots")
                 + "from unoparty.views import play_app\n\napp = play_app()\napp.box")], "Play against bots.ipynb")
    nb([("code", reader("the rules in plain words")
                 + "from unoparty.views import rules_app\n\napp = rules_app()\napp.box")], "Rules.ipynb")
    # the app also ships inside the package: `unoparty app` serves it from an installed wheel
    (out.parent / "unoparty" / "app").mkdir(exist_ok=True)
    (out.parent / "unoparty" / "app" / "Start here.ipynb").write_bytes((out / "Start here.ipynb").read_bytes())
    print(sorted(p.name for p in out.glob("*.ipynb")))


if __name__ == "__main__":
    main()
