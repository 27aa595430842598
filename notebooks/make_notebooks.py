"""Writes the notebooks of this folder (thin: import, build, display; markdown that teaches).

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

    groups = load_curriculum().groups
    group_files = []
    for i, g in enumerate(groups, 1):
        fname = f"Lessons {i:02d} - {g.title}.ipynb".replace("/", "-")
        group_files.append((g, fname))
        lessons = "\n".join(f"{k}. **{ref.title}**" for k, ref in enumerate(g.lessons, 1))
        teaches = sorted({r for ref in g.lessons if ref.scenario for r in ref.scenario.teaches})
        nb([("md", f"# {g.title}\n\nThis notebook holds the lessons of the group *{g.title}*:\n\n{lessons}\n\n"
                   "Each lesson sets up a table and walks you through it. Press **Next** to go on and **Back** to look again. "
                   "When a task appears, answer it by clicking on the table: a card in your hand, a button, or a player. "
                   "A wrong answer is never a problem: the app explains what the rules say and gives you a hint.\n\n"
                   + (f"Rules taught here: {', '.join(teaches)} — the **Rules** page explains each one in plain words." if teaches else "")),
            ("code", f"from unoparty.views import lesson_app\n\napp = lesson_app({g.id or g.title!r})\napp.box"),
            ("md", "Your stars are kept on this computer, so you can come back later and carry on. "
                   "[Back to the start](Start%20here.ipynb)")], fname)

    nb([("code", "from unoparty.views import App\n\napp = App()\napp.box"),
        ("md", "### About this app\n\n"
               "A friendly way to learn **UNO Party!** (and classic UNO): short lessons that set up a table "
               "and walk you through one rule at a time, a game against bots, and every rule written in plain words.\n\n"
               # no links to the other notebooks: `make app` (Voila) serves this one only
               "In JupyterLab, this folder also holds the same lessons one group per notebook, "
               "a notebook to play against bots and one with the rules.\n\n"
               "*How the game teaches:* every refusal comes with a sentence and the id of the rule behind it (like `SP-3`). "
               "Where the printed rules are silent, the app says so and shows its own ruling.")], "Start here.ipynb")

    nb([("md", "# Play against bots\n\nChoose how many bots sit at the table (1 to 15), how well they play, the rules and "
               "any house rules, then deal.\n\n- **Learning pace** stops at every chance you have — a speed play, a catch, "
               "calling UNO — and tells you about it. You can take moves back.\n- **Party pace** runs in real time: bots "
               "think, race you to speed plays and catch you if you forget to call UNO. The clock starts when you click."),
        ("code", "from unoparty.views import play_app\n\napp = play_app()\napp.box"),
        ("md", "A round ends when someone plays their last card; they score the cards left in the other hands. "
               "The first to 500 points wins the match. [Back to the start](Start%20here.ipynb)")], "Play against bots.ipynb")

    nb([("md", "# The rules in plain words\n\nEvery rule of UNO Party! and classic UNO as this app plays them, grouped by "
               "card. Each is marked **printed** (from the rules) or **ruling** (this app's decision where the rules say nothing)."),
        ("code", "from unoparty.views import rules_app\n\napp = rules_app()\napp.box")], "Rules.ipynb")
    # the app also ships inside the package: `unoparty app` serves it from an installed wheel
    (out.parent / "unoparty" / "app").mkdir(exist_ok=True)
    (out.parent / "unoparty" / "app" / "Start here.ipynb").write_bytes((out / "Start here.ipynb").read_bytes())
    print(sorted(p.name for p in out.glob("*.ipynb")))


if __name__ == "__main__":
    main()
