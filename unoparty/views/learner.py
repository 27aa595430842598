"""Who is learning: a learner picks or types their name on the landing page, so that their
stars, tries and mistakes are kept in the progress store (:mod:`unoparty.progress`).

On a class's server the field offers no names (a teacher's setting, ``list-names``, shows
the class's names for the youngest; a store of one browser always offers its own), and with
the teacher's setting ``pins`` a learner chooses a PIN of 4 to 6 digits the first time and
types it whenever their name is typed again (tries limited like the teacher's code:
:mod:`unoparty.access`). Under JupyterHub the hub's user name (``JUPYTERHUB_USER``) is the
learner's name: nothing to type."""

from __future__ import annotations

from typing import Callable

import ipywidgets as w

from .. import access
from ..i18n import _
from ..progress import MAX_NAME, Store, StoreError, normalise_name
from .common import button
from .markup import esc, name_html, name_text

__all__ = ["LearnerPicker"]


class LearnerPicker:
    """A name field (with the names already known) and a Start button.

    Attributes:
        box: the widget. name_field: the :class:`ipywidgets.Combobox`. start_button.
        message: what is said (who is learning, or what is wrong with the name).
        on_pick: called with the normalised name once it is in the store.
        pin_field, pin_again, pin_button, pin_box: the PIN asked for (class setting ``pins``).
        fixed: the name is given (JupyterHub's user): no field to type it.
    """

    def __init__(self, store: Store | None, on_pick: Callable[[str], None] | None = None,
                 current: str | None = None, *, fixed: bool = False,
                 on_not_me: Callable[[], None] | None = None) -> None:
        self.store = store
        self.on_pick = on_pick
        self.on_not_me = on_not_me  # "Not me": the page signs out (views/app.py)
        self.name_field = w.Combobox(placeholder=_("Type your name or pick it"), ensure_option=False,
                                     description=_("Your name"), layout=w.Layout(width="320px"))
        self.name_field.add_class("up-learner-name")
        self.start_button = button(_("That's me"), "up-go")
        self.start_button.on_click(lambda _b: self.pick(self.name_field.value))
        self.not_me_button = button(_("Not me"), "up-not-me", tooltip=_("Someone else is learning on this device"))
        self.not_me_button.on_click(lambda _b: self.on_not_me and self.on_not_me())
        self.message = w.HTML()
        self.pin_box: w.HBox | None = None   # built when a PIN is first asked for (:meth:`_build_pin`)
        self._waiting: str | None = None   # the name whose PIN is asked for
        self._new_pin = False
        self._limit_key = "pin:page:" + access.new_page_key()
        self.fixed = fixed
        name_row = w.HBox([self.name_field, self.start_button, self.not_me_button],
                          layout=w.Layout(align_items="center"))
        if fixed:
            name_row.layout.display = "none"
        self._name_row = name_row
        self.box = w.VBox([name_row, self.message])
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
        self.not_me_button.description = _("Not me")
        self.not_me_button.tooltip = _("Someone else is learning on this device")
        self.not_me_button.layout.display = "" if (self.current and self.on_not_me is not None) else "none"
        if self.pin_box is not None:
            self.pin_field.description, self.pin_field.placeholder = _("PIN"), _("4 to 6 digits")
            self.pin_again.description, self.pin_again.placeholder = _("Again"), _("the same PIN")
            self.pin_button.description = self.pin_button.tooltip = (_("Keep my PIN") if self._new_pin
                                                                     else _("Open my record"))
        names: list[str] = []
        if self.store is not None and self._offers_names():
            try:
                names = self.store.learners()
            except StoreError as e:
                self.message.value = f'<div class="up-msg up-msg-bad">{esc(str(e))}</div>'
                return
        self.name_field.options = tuple(names)
        if self._waiting is not None:  # a PIN is asked for: asked again in the new language
            self._ask_pin(self._waiting, new=self._new_pin)
            return
        if self.current:
            self.message.value = (f'<div class="up-msg up-msg-good">'
                                  f'{esc(_("Hello {name}! Your stars are kept under your name.")).format(name=name_html(self.current))}</div>')
        else:
            self.message.value = (f'<div class="up-msg up-msg-info">'
                                  f'{esc(_("Type your name (or pick it) so your stars are kept."))}</div>')

    def _class_setting(self, key: str) -> bool:
        try:
            return self.store is not None and self.store.class_setting(key) == "1"
        except StoreError:
            return False

    def _offers_names(self) -> bool:
        """The field offers the names the store knows: a store of one browser, or the
        teacher's setting ``list-names``."""
        return bool(getattr(self.store, "keeps_last_learner", False)) or self._class_setting("list-names")

    def _asks_pins(self) -> bool:
        """The teacher's setting ``pins`` (never for a store of one browser)."""
        return not getattr(self.store, "keeps_last_learner", False) and self._class_setting("pins")

    def _say(self, kind: str, text: str) -> None:
        self.message.value = f'<div class="up-msg up-msg-{kind}">{esc(text)}</div>'

    def pick(self, text: str) -> str | None:
        """Take `text` as the learner's name; the name, or None (the message says why, or
        asks for the learner's PIN: :meth:`check_pin`)."""
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
                if self._asks_pins():
                    has_pin = bool(known and self.store.setting(name, access.PIN_KEY))
                    self._ask_pin(name, new=not has_pin)
                    return None
                self.store.add_learner(name)
            except StoreError as e:
                self.message.value = f'<div class="up-msg up-msg-bad">{esc(str(e))}</div>'
                return None
        return self._take(name)

    def _build_pin(self) -> w.HBox:
        """The PIN's fields and button, built once (a class without PINs never sends them)."""
        if self.pin_box is None:
            self.pin_field = w.Password(description=_("PIN"), placeholder=_("4 to 6 digits"),
                                        layout=w.Layout(width="220px"))
            self.pin_again = w.Password(description=_("Again"), placeholder=_("the same PIN"),
                                        layout=w.Layout(width="220px"))
            self.pin_button = button(_("Open my record"), "up-go")
            self.pin_button.on_click(lambda _b: self.check_pin(self.pin_field.value, self.pin_again.value))
            self.pin_box = w.HBox([self.pin_field, self.pin_again, self.pin_button],
                                  layout=w.Layout(align_items="center", flex_flow="row wrap"))
            self.box.children = (self._name_row, self.pin_box, self.message)
        return self.pin_box

    def _ask_pin(self, name: str, *, new: bool) -> None:
        box = self._build_pin()
        self._waiting, self._new_pin = name, new
        self.name_field.value = name
        self.pin_field.value = self.pin_again.value = ""
        box.layout.display = ""
        self.pin_again.layout.display = "" if new else "none"
        if new:
            self.pin_button.description = self.pin_button.tooltip = _("Keep my PIN")
            self._say("info", _("Choose a PIN of 4 to 6 digits, and type it twice: you type it each time you come back."))
        else:
            self.pin_button.description = self.pin_button.tooltip = _("Open my record")
            self._say("info", _("Type your PIN, {name}.").format(name=name))

    def check_pin(self, pin: str, again: str = "") -> str | None:
        """The PIN typed for the name waiting (:meth:`pick`): a new one is kept (4 to 6
        digits, typed twice the same), a known one is compared — tries limited per page
        and per learner (:func:`unoparty.access.try_secret`). The name once it is taken,
        else None (the message says why)."""
        name = self._waiting
        if self.pin_box is not None:
            self.pin_field.value = self.pin_again.value = ""
        if name is None or self.store is None:
            return None
        try:
            if self._new_pin:
                if not access.valid_pin(pin):
                    self._say("bad", _("A PIN is 4 to 6 digits (0 to 9)."))
                    return None
                if str(pin).strip() != str(again).strip():
                    self._say("bad", _("The two PINs are not the same: type it twice again."))
                    return None
                self.store.set_setting(name, access.PIN_KEY, access.hash_pin(pin))
            else:
                stored = self.store.setting(name, access.PIN_KEY) or ""
                limits = {"pin:" + name.casefold(): access.SERVER_LIMIT, self._limit_key: access.PAGE_LIMIT}
                verdict: list[bool] = []   # the hash is worked out only for a try that counts

                def compare() -> bool:
                    verdict.append(access.pin_matches(pin, stored))
                    return verdict[0]

                wait = access.try_secret(self.store, limits, compare, f"the PIN of {name}")
                if wait > 0:
                    self._say("bad", access.wait_text(wait))
                    return None
                if not verdict or not verdict[0]:
                    self._say("bad", _("That is not the PIN of {name}. Ask your teacher if you forgot it.").format(name=name))
                    return None
            self.store.add_learner(name)
        except StoreError as e:
            self._say("bad", str(e))
            return None
        return self._take(name)

    def _take(self, name: str) -> str:
        self._waiting = None
        if self.pin_box is not None:
            self.pin_box.layout.display = "none"
        self.current = name
        self.name_field.value = name
        self.refresh()
        if self.on_pick is not None:
            self.on_pick(name)
        return name
