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
from ..progress import MAX_NAME, Store, StoreError
from ..session.sign_in import SignInSession, SignInVerdict
from .common import button
from .markup import esc, name_html, name_text

__all__ = ["LearnerPicker", "hub_sentence"]


def hub_sentence(name: str) -> str:
    """Another learner's name refused under JupyterHub (the hub signed in `name`), in the
    learner's language."""
    return _("On this server you are {name}, the name you signed in with: you cannot use another "
             "learner's name.").format(name=name)


class LearnerPicker:
    """A name field (with the names already known) and a Start button, on a
    :class:`~unoparty.session.sign_in.SignInSession` (who is learning, the PIN asked for).

    Attributes:
        box: the widget. name_field: the :class:`ipywidgets.Combobox`. start_button.
        message: what is said (who is learning, or what is wrong with the name).
        on_pick: called with the normalised name once it is in the store.
        pin_field, pin_again, pin_button, pin_box: the PIN asked for (class setting ``pins``).
        session: the sign-in session. store, current, fixed: the session's (``fixed``: the
            name is given — JupyterHub's user —: no field to type it). page_key: names the
            page's count of wrong PINs (`SignInSession`).
    """

    def __init__(self, store: Store | None, on_pick: Callable[[str], None] | None = None,
                 current: str | None = None, *, fixed: bool = False,
                 on_not_me: Callable[[], None] | None = None, page_key: str | None = None) -> None:
        self.session = SignInSession(store, current=current, fixed=fixed, page_key=page_key)
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
        name_row = w.HBox([self.name_field, self.start_button, self.not_me_button],
                          layout=w.Layout(align_items="center"))
        if fixed:
            name_row.layout.display = "none"
        self._name_row = name_row
        self.box = w.VBox([name_row, self.message])
        self.box.add_class("up-learner")
        if current:
            self.name_field.value = current
        self.refresh()

    @property
    def store(self) -> Store | None:
        return self.session.store

    @property
    def fixed(self) -> bool:
        return self.session.fixed

    @property
    def current(self) -> str | None:
        """Who is learning (the session's)."""
        return self.session.current

    @current.setter
    def current(self, name: str | None) -> None:
        self.session.current = name

    def refresh(self) -> None:
        """Offer the names the store knows; say who is learning (in the current language)."""
        self.name_field.placeholder = _("Type your name or pick it")
        self.name_field.description = _("Your name")
        self.start_button.description = _("That's me")
        self.not_me_button.description = _("Not me")
        self.not_me_button.tooltip = _("Someone else is learning on this device")
        self.not_me_button.layout.display = "" if (self.current and self.on_not_me is not None) else "none"
        if self.pin_box is not None:
            if self.session.waiting is None:   # nobody's PIN is asked for now
                self.pin_box.layout.display = "none"
            self.pin_field.description, self.pin_field.placeholder = _("PIN"), _("4 to 6 digits")
            self.pin_again.description, self.pin_again.placeholder = _("Again"), _("the same PIN")
            self.pin_button.description = self.pin_button.tooltip = (_("Keep my PIN") if self.session.new_pin
                                                                     else _("Open my record"))
        try:
            names = self.session.names()   # the hub's name: no list
        except StoreError as e:
            self.message.value = f'<div class="up-msg up-msg-bad">{esc(str(e))}</div>'
            return
        self.name_field.options = tuple(names)
        if self.session.waiting is not None:  # a PIN is asked for: asked again in the new language
            self._ask_pin(self.session.waiting, new=self.session.new_pin)
            return
        if self.current:
            self.message.value = (f'<div class="up-msg up-msg-good">'
                                  f'{esc(_("Hello {name}! Your stars are kept under your name.")).format(name=name_html(self.current))}</div>')
        else:
            self.message.value = (f'<div class="up-msg up-msg-info">'
                                  f'{esc(_("Type your name (or pick it) so your stars are kept."))}</div>')

    def _say(self, kind: str, text: str) -> None:
        self.message.value = f'<div class="up-msg up-msg-{kind}">{esc(text)}</div>'

    def _show(self, verdict: SignInVerdict) -> str | None:
        """Draw `verdict` (:class:`~unoparty.session.sign_in.SignInVerdict`): the name once
        it is taken, else None (the message says why, or asks for the PIN)."""
        what, name = verdict.what, verdict.name
        if what == "taken":
            return self._take(name)
        if what == "ask-pin":
            self._ask_pin(name, new=verdict.new)
        elif what == "bad-name":
            self._say("bad", _("Type a name of 1 to {n} characters.").format(n=MAX_NAME))
        elif what == "bad-pin":
            self._say("bad", _("A PIN is 4 to 6 digits (0 to 9)."))
        elif what == "pins-differ":
            self._say("bad", _("The two PINs are not the same: type it twice again."))
        elif what == "wait":
            self._say("bad", access.wait_text(verdict.wait))
        elif what == "wrong-pin":
            self._say("bad", _("That is not the PIN of {name}. Ask your teacher if you forgot it.").format(name=name))
        elif what == "error":
            self._say("bad", verdict.detail)
        return None

    def pick(self, text: str) -> str | None:
        """Take `text` as the learner's name; the name, or None (the message says why, or
        asks for the learner's PIN: :meth:`check_pin`)."""
        return self._show(self.session.pick(text))

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
        if self.pin_box is not None:
            self.pin_field.value = self.pin_again.value = ""
        return self._show(self.session.check_pin(pin, again))

    def _take(self, name: str) -> str:
        if self.pin_box is not None:
            self.pin_box.layout.display = "none"
        self.name_field.value = name
        self.refresh()
        if self.on_pick is not None:
            self.on_pick(name)
        return name
