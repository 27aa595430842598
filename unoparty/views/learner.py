"""Who is learning: a learner picks or types their name on the landing page, so that their
stars, tries and mistakes are kept in the progress store (:mod:`unoparty.store`)."""

from __future__ import annotations

from typing import Callable

import ipywidgets as w

from ..i18n import _
from ..store import MAX_NAME, Store, StoreError, normalise_name
from .common import button
from .markup import esc, name_html, name_text

__all__ = ["LearnerPicker"]


class LearnerPicker:
    """A name field (with the names already known) and a Start button.

    Attributes:
        box: the widget. name_field: the :class:`ipywidgets.Combobox`. start_button.
        message: what is said (who is learning, or what is wrong with the name).
        on_pick: called with the normalised name once it is in the store.
    """

    def __init__(self, store: Store | None, on_pick: Callable[[str], None] | None = None,
                 current: str | None = None) -> None:
        self.store = store
        self.on_pick = on_pick
        self.name_field = w.Combobox(placeholder=_("Type your name or pick it"), ensure_option=False,
                                     description=_("Your name"), layout=w.Layout(width="320px"))
        self.name_field.add_class("up-learner-name")
        self.start_button = button(_("That's me"), "up-go")
        self.start_button.on_click(lambda _b: self.pick(self.name_field.value))
        self.message = w.HTML()
        self.box = w.VBox([w.HBox([self.name_field, self.start_button], layout=w.Layout(align_items="center")),
                           self.message])
        self.box.add_class("up-learner")
        self.current = current
        if current:
            self.name_field.value = current
        self.refresh()

    def refresh(self) -> None:
        """Offer the names the store knows; say who is learning (in the current language)."""
        self.name_field.placeholder = _("Type your name or pick it")
        self.name_field.description = _("Your name")
        self.start_button.description = _("That's me")
        names: list[str] = []
        if self.store is not None:
            try:
                names = self.store.learners()
            except StoreError as e:
                self.message.value = f'<div class="up-msg up-msg-bad">{esc(str(e))}</div>'
                return
        self.name_field.options = tuple(names)
        if self.current:
            self.message.value = (f'<div class="up-msg up-msg-good">'
                                  f'{esc(_("Hello {name}! Your stars are kept under your name.")).format(name=name_html(self.current))}</div>')
        else:
            self.message.value = (f'<div class="up-msg up-msg-info">'
                                  f'{esc(_("Type your name (or pick it) so your stars are kept."))}</div>')

    def pick(self, text: str) -> str | None:
        """Take `text` as the learner's name; the name, or None (the message says why)."""
        try:
            name = normalise_name(text)
        except StoreError:
            self.message.value = (f'<div class="up-msg up-msg-bad">'
                                  f'{esc(_("Type a name of 1 to {n} characters.").format(n=MAX_NAME))}</div>')
            return None
        if self.store is not None:
            try:
                # "zoë" is the Zoë the class already knows: a name typed with other capitals
                # finds that learner's stars instead of starting an empty record
                known = [n for n in self.store.learners() if n.casefold() == name.casefold()]
                name = known[0] if known else name
                self.store.add_learner(name)
            except StoreError as e:
                self.message.value = f'<div class="up-msg up-msg-bad">{esc(str(e))}</div>'
                return None
        self.current = name
        self.name_field.value = name
        self.refresh()
        if self.on_pick is not None:
            self.on_pick(name)
        return name
