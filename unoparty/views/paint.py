"""The static site's first paint (issue 20): the landing page as ipywidgets' saved widget
state, made at build time (``deploy/build_site.py``), drawn in the page by ipywidgets' HTML
manager while Python starts in the browser — then replaced by the live app.

:func:`painted_landing` builds the app exactly as a first visit of the site builds it (an
empty store of one browser, English) and returns the widget state of its box
(``ipywidgets.embed``); :func:`starting_words` is the sentence the painted page shows
until the app is live, in every language.

    python -m unoparty.views.paint OUT.json     # what the build embeds

Needs ipywidgets (no kernel: the widgets are made with no comm).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from ..i18n import _, in_every_language

__all__ = ["painted_landing", "starting_words", "main"]

CORE = "@jupyter-widgets/"   # the HTML manager draws ipywidgets' own models only


def starting_words() -> dict[str, str]:
    """The painted page's status, ``{language code: sentence}``: the page is a picture
    until Python has started."""
    return in_every_language(lambda: _("Starting Python… The buttons answer in a moment."))


def painted_landing(lang: str = "en") -> dict[str, Any]:
    """The landing page of a first visit, in `lang`, as saved widget state.

    Returns:
        ``{"lang": lang, "state": manager_state, "view": model_id}``: `manager_state` is
        ipywidgets' ``application/vnd.jupyter.widget-state+json`` document (version 2),
        `model_id` the app's box, to put in an ``application/vnd.jupyter.widget-view+json``
        script. Models of other libraries (anywidget) are left out, with the views of them.
    """
    from ipywidgets.embed import dependency_state, embed_data

    from ..progress.document import DictStore
    from .app import App

    doc: dict[str, Any] = {}

    def save(data: dict[str, Any]) -> None:
        doc.clear()
        doc.update(data)

    store = DictStore(lambda: json.loads(json.dumps(doc)), save, keeps_last_learner=True)
    app = App(store=store, lang=lang)
    data = embed_data(views=[app.box], state=dependency_state(app.box))
    state = data["manager_state"]
    models = state["state"]
    foreign = {k for k, m in models.items() if not str(m.get("model_module", "")).startswith(CORE)}
    for k in foreign:
        del models[k]
    for m in models.values():  # a box that held a foreign model: its other children only
        children = m.get("state", {}).get("children")
        if isinstance(children, list):
            m["state"]["children"] = [c for c in children if str(c).removeprefix("IPY_MODEL_") not in foreign]
    return {"lang": lang, "state": state, "view": app.box.model_id}


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m unoparty.views.paint OUT.json", file=sys.stderr)
        return 2
    out = {**painted_landing("en"), "starting": starting_words()}
    with open(args[0], "w", encoding="utf-8") as f:
        json.dump(out, f, separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
