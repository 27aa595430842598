"""The whole app on one page: a landing page linking the lessons, the game and the rules.

``voila "notebooks/Start here.ipynb"`` serves one notebook, so navigation happens inside
the page: :class:`App` swaps its content between Home, a lesson, the game and the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w
from ipywidgets.widgets.widget_bool import ToggleButtonStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from ..i18n import LANGUAGES as LANGUAGE_NAMES, _, available_languages, language, ngettext, set_language
from ..session.app import AppSession, Notice
from ..session.game import GameSession
from . import svg
from .common import ErrorPanel
from .game_app import GameApp
from .lesson import LessonPlayer, stars_html
from .markup import esc, name_html, name_text
from .progress import Progress
from .rules_page import RulesPage
from .style import style_widget

if TYPE_CHECKING:
    from .scenarios_page import ScenariosPage
    from .teacher import TeacherPage
    from ..progress import LearnerProgress
    from .learner import LearnerPicker

__all__ = ["App", "LessonInfo", "language_options", "about_html", "lesson_catalogue", "lesson_groups", "lesson_app", "play_app", "rules_app"]

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons"


def language_options() -> list[tuple[str, str]]:
    """The language picker's choices, ``(own name, code)``: English and every language whose
    catalogue is in ``unoparty/locale`` (``unoparty.i18n.available_languages``)."""
    return [(LANGUAGE_NAMES[code], code) for code in available_languages()]


@dataclass(frozen=True)
class LessonInfo:
    """One lesson of the curriculum: its id, title, group, and scenario file."""

    id: str
    title: str
    group: str
    path: Path
    group_id: str = ""
    summary: str = ""


def lesson_catalogue(curriculum: str | Path | None = None) -> list[LessonInfo]:
    """Every lesson, in curriculum order: of the curriculum file `curriculum` (as ``unoparty
    lessons --curriculum`` takes; a teacher's own lessons with their titles), by default the
    app's own (``unoparty/curriculum.toml``).

    Raises:
        ScenarioError: the curriculum file is missing or not a curriculum.
    """
    from ..scenarios.curriculum import load_curriculum
    out: list[LessonInfo] = []
    for group in load_curriculum(curriculum).groups:
        for ref in group.lessons:
            if ref.scenario is None:
                continue
            out.append(LessonInfo(ref.id, ref.title, group.title, ref.file, group_id=group.id or group.title))
    return out


def lesson_groups(curriculum: str | Path | None = None) -> dict[str, list[LessonInfo]]:
    groups: dict[str, list[LessonInfo]] = {}
    for info in lesson_catalogue(curriculum):
        groups.setdefault(info.group, []).append(info)
    return groups


def about_html() -> str:
    """The "About this app" block of the landing page, in the current language."""
    paragraphs = (
        _("A friendly way to learn UNO Party! (and classic UNO): short lessons that set up a table and walk you through one rule at a time, a game against bots, and every rule written in plain words."),
        _("How the game teaches: every refusal comes with a sentence and the id of the rule behind it (like SP-3). Where the printed rules are silent, the app says so and shows its own ruling."),
        _("Your stars are kept under your name, so you can come back later and carry on."),
    )
    return (f'<div class="up-about"><h3>{esc(_("About this app"))}</h3>'
            + "".join(f"<p>{esc(p)}</p>" for p in paragraphs) + "</div>")


def refuse_widgets_from_the_page() -> None:
    """Stop the kernel making widgets a page asks for: the served app makes every widget
    itself, but ipywidgets answers a page's ``comm_open`` to ``jupyter.widget`` by making the
    widget and keeping it as long as the kernel lives — in the trial of issue 22 a page grew
    its kernel by 100 MB with five such messages, and could go on until the machine ran out of
    memory. The control comm (the page asking for the widgets' state) stays. Called by the
    :class:`App` in the served app's kernel (:mod:`unoparty.app_kernel` sets
    ``UNOPARTY_APP_KERNEL``); JupyterLab keeps ipywidgets' behaviour."""
    import comm

    manager = comm.get_comm_manager()
    targets = getattr(manager, "targets", {})
    if "jupyter.widget" in targets:
        manager.unregister_target("jupyter.widget", targets["jupyter.widget"])


class App:
    """Home, lessons, game, practice, rules and the classroom pages in one widget.

    The app keeps widgets and its session only (tests/test_views_state.py checks it): every
    state of the page is :attr:`session`'s, and each page's own state is that page's session.

    ``App(learner="Ava")`` (a notebook; ``lesson_app``, ``play_app`` and ``rules_app`` pass it
    on) follows the landing page's rules (issue 22): under JupyterHub only the hub's user
    (``JUPYTERHUB_USER``; another name is refused in one sentence and the hub's user learns);
    with the teacher's setting ``pins`` on, nobody learns until Ava's PIN is right — ``pin="1234"``
    (a string of 4 to 6 digits; a learner with no PIN yet chooses it so) or the landing page's
    PIN box, shown at once, wrong PINs limited as on any page — or the browser's key arrives
    signed in as Ava. Raises TypeError when `pin` is not a string.

    Attributes:
        box: the widget to display. nav_buttons: dict name → navigation button.
        lesson_buttons: dict lesson id → its "Start" button on the home page.
        page: the page shown (one of ``session.app.PAGES``; the session's).
        lesson: the open :class:`LessonPlayer`, game: the :class:`GameApp`, rules: the
        :class:`RulesPage`, practice: the :class:`~unoparty.views.practice.PracticePage`
        (each built when first shown). errors: the :class:`ErrorPanel`.
        store, progress, only_groups, replay_text: the session's (``records``, ``progress``,
            ``groups``, ``replay_text``).
        session: the :class:`~unoparty.session.app.AppSession` — page, learner, language,
            the store and the learner's record, the game form's choices and the open
            sessions; a language switch builds new widgets on it. session_key: the browser's key widget
            (:class:`~unoparty.views.session_key.SessionKey`; None without anywidget, and on
            the static site, whose key is in the browser's storage:
            :func:`~unoparty.progress.browser.browser_session_key`).
        notice: the one-line notice (a kept game dropped, a change not saved).
    """

    def __init__(self, *, progress: Progress | None = None, bot_factory: Callable[..., Any] | None = None,
                 groups: list[str] | None = None, start: str = "home", lang: str | None = None,
                 learner: str | None = None, store: Any = None, pin: str | None = None) -> None:
        import os
        if pin is not None and not isinstance(pin, str):
            raise TypeError(f"pin= is a string of 4 to 6 digits, such as \"0123\", not {pin!r}")
        if os.environ.get("UNOPARTY_APP_KERNEL") == "1":   # the served app's kernel (unoparty.app_kernel)
            refuse_widgets_from_the_page()
        self.errors = ErrorPanel()
        g = self.errors.guard
        self.unsaved_note = w.HTML("", _dom_classes=("up-unsaved",))  # unoparty.unsaved: changes not saved yet
        self.notice = w.HTML("", _dom_classes=("up-notice",))
        # every state of the page is the app session's (issue 18): the page keeps widgets
        self.session = AppSession()
        self._init_learner(progress, learner, store)   # the store, and who is learning
        follow_request = lang is None
        if lang is None:  # the chain of unoparty.views.language, without the page's request yet
            import os

            from .language import choose_language
            lang = choose_language(self.progress.language, dict(os.environ))
        set_language(lang)
        self.session.store = self.store if progress is None else None
        self.session.learner, self.session.language = self.learner, lang
        self.session.on_notice = g(self._say_notice)
        self.session.groups = groups
        self.session.bot_factory = bot_factory
        self._throttle_saves()
        self.learner_picker.refresh()  # built before the language was set: its words again
        self._shared()
        self.header = self._html()
        nav = self._button
        self.nav_buttons = {
            "home": nav(_("Home")), "lessons": nav(_("Lessons")), "game": nav(_("Play against bots")),
            "rules": nav(_("Rules")),
            "practice": nav(_("Practice")),  # the Practice page (views/practice.py)
        }
        options = language_options()
        self.language = w.Dropdown(options=options, value=language() if language() in dict(options).values() else "en",
                                   description=_("Language"), layout=w.Layout(width="220px", margin="0 0 0 auto"),
                                   _dom_classes=("up-language",))
        def picked(change: dict[str, Any]) -> None:
            if change["new"] != self.session.language:  # else set_language moved the picker itself
                self.choose_language(change["new"])

        self.language.observe(g(picked), names="value")
        self.nav_buttons["home"].on_click(g(lambda _b: self.show_home()))
        self.nav_buttons["lessons"].on_click(g(lambda _b: self.show_home()))
        self.nav_buttons["game"].on_click(g(lambda _b: self.show_game()))
        self.nav_buttons["rules"].on_click(g(lambda _b: self.show_rules()))
        # the classroom pages: views/scenarios_page.py and views/teacher.py
        self.nav_buttons["scenarios"] = nav(_("Your scenarios"))
        self.nav_buttons["teacher"] = nav(_("Teacher"))
        self.nav_buttons["table"] = nav(_("Play together"))  # live tables: views/table_page.py
        self.nav_buttons["table"].on_click(g(lambda _b: self.show_table()))
        self._table_page: Any = None  # views.table_page.TablePage once opened
        self._projector: Any = None   # views.table_page.ProjectorView while it is the page shown
        self.nav_buttons["scenarios"].on_click(g(lambda _b: self.show_scenarios()))
        self.nav_buttons["teacher"].on_click(g(lambda _b: self.show_teacher()))
        self._scenarios: ScenariosPage | None = None
        self._teacher: TeacherPage | None = None
        self.nav_buttons["practice"].on_click(g(lambda _b: self.show_practice()))
        self._practice: Any = None  # built when first shown
        self._presenter_bits(g)
        nav_bar = w.HBox([*self.nav_buttons.values(), *self.presenter_controls, self.language],
                         layout=w.Layout(margin="0 0 8px", align_items="center"), _dom_classes=("up-nav",))
        self._rules: RulesPage | None = None   # built when first shown: a faster first page
        self._game: GameApp | None = None
        self.lesson: LessonPlayer | None = None
        self.lesson_buttons: dict[str, w.Button] = {}
        self._home_language = ""   # the language the landing page was built in ("" = not built)
        self._home_curriculum: str | None = None   # the class's curriculum it shows (views/curricula.py)
        self.home = w.VBox([])
        self.content = w.VBox([])
        # a lesson opened from lower in the list starts at its top: a tiny script output
        self._scroller = w.Output(layout=w.Layout(height="0px", overflow="hidden", margin="0"))
        from ..progress.browser import in_browser
        self.session_key = None
        if not in_browser():   # the static site's key is in the browser's storage (below)
            try:
                from .session_key import SessionKey
            except ImportError:  # anywidget missing: nothing is kept past this page
                pass
            else:
                self.session_key = SessionKey(on_key=g(self.use_key))
        self.box = w.VBox([style_widget(), self.header, nav_bar, self.errors.box, self.unsaved_note, self.notice,
                           self.content, self.every_hand, self._scroller,
                           *([self.session_key] if self.session_key is not None else [])])
        self.box.add_class("up-app")
        self._mark_language()
        self._label()
        # the static site has the browser's key at once (below), and with it the page the
        # learner was on: the landing page is built once that page is known, and only if it
        # is the one shown (a reload mid-game built it, 170 widgets, then the game page over it)
        self._home_later = in_browser() and progress is None
        {"game": self.show_game, "rules": self.show_rules, "practice": self.show_practice}.get(start, self.show_home)()
        self._given_learner(pin)
        if follow_request:
            self._follow_request()
        if in_browser() and progress is None:
            # the static site: the key kept in the browser's storage (progress.browser), at once
            from ..progress.browser import browser_session_key
            g(self.use_key)(browser_session_key())
            self._home_later = False
            if self.page == "home":
                self._fill_home()
                self.content.children = [self.home]

    def _throttle_saves(self) -> None:
        """In a kernel (its asyncio loop running: Voila, JupyterLab), the store is written at
        most once per kind of session every ``session.app.SAVE_EVERY`` seconds, the last
        state always, and what is held is written when the kernel shuts down (the page
        closed or reloaded). Without a running loop (a script, a test) every change is
        written at once."""
        import asyncio
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.session.clock = loop
        self.session.flush_at_exit()

    def _follow_request(self) -> None:
        """Switch to the language of the page's request (``?lang=``, the browser's language)
        if it is not the one the app was built in. A preheated kernel (``unoparty app
        --pool-size``) builds the whole app before anyone connects and waits here for the
        request: a class arriving at once then finds its first pages built (issue 13)."""
        import os

        from .language import choose_language, request_environ
        if os.environ.get("VOILA_PREHEAT", "False") == "True":
            # idle time before anyone connects: the game page too (the first click of many)
            self.game  # noqa: B018 — the property builds it
        request = request_environ()   # waits for the page's request once (a preheated kernel)
        wanted = choose_language(self.progress.language, {**os.environ, **request})
        if wanted != language():
            self.set_language(wanted)
        self.show_table_of_request(request.get("QUERY_STRING", ""))

    def _label(self) -> None:
        """Write the header and navigation in the current language."""
        self.header.value = (
            f'<div class="up-header"><h1>{esc(_("UNO Party! — learn to play"))}</h1>'
            f'<p>{esc(_("Lessons step by step, a game against friendly bots, and every rule in plain words."))}</p></div>')
        for key, text in (("home", _("Home")), ("lessons", _("Lessons")), ("game", _("Play against bots")),
                          ("rules", _("Rules")), ("practice", _("Practice"))):
            self.nav_buttons[key].description = text
            self.nav_buttons[key].tooltip = text
        self.language.description = _("Language")
        self.nav_buttons["scenarios"].description = self.nav_buttons["scenarios"].tooltip = _("Your scenarios")
        self.nav_buttons["teacher"].description = self.nav_buttons["teacher"].tooltip = _("Teacher")
        self.nav_buttons["table"].description = self.nav_buttons["table"].tooltip = _("Play together")
        # the presenter's switches and the full-screen button: built before the page's request
        # told the language (``?lang=``), so they are worded again here too
        self.presenter_button.description = _("Presenter")
        self.presenter_button.tooltip = _("Larger cards for a projector")
        self.every_hand_button.description = _("Show every hand")
        self.every_hand_button.tooltip = _("Show every player's cards while explaining")
        if self.keys is not None:
            self.keys.label = _("Full screen")

    def _mark_language(self) -> None:
        """The class ``up-lang-<code>`` on the app's box: the page's own scripts (the
        template's "connection lost" sentence) speak the language the app speaks."""
        for cls in [c for c in self.box._dom_classes if c.startswith("up-lang-")]:
            self.box.remove_class(cls)
        self.box.add_class(f"up-lang-{language()}")

    def choose_language(self, lang: str) -> None:
        """The learner picked `lang`: switch to it and remember it with their progress."""
        self.set_language(lang)
        self.progress.language = lang

    def set_language(self, lang: str) -> None:
        """Switch every text of the app to `lang` (``"en"``, ``"fr"``, …): the pages are built
        again in the new language, and you keep your place — a game goes on with the same
        table, a lesson stays at the same step with the same answers."""
        if lang not in dict(self.language.options).values():
            lang = "en"
        set_language(lang)
        self.session.set_language(lang)   # first: the picker moved below is not the learner's choice
        self._mark_language()
        if self.language.value != lang:
            self.language.value = lang
        self._label()
        self._say_notice()
        focus = self._rules.focus if self._rules is not None else None
        self._rules = None
        teacher = self._teacher.session if self._teacher is not None else None
        self._scenarios = self._teacher = None
        if self._practice is not None:  # the same question, in the new language
            self._practice.relabel()
        if self._game is not None:  # new widgets on the same game session and choices
            self._game = None
            if self.session.sessions.get("game") is not None:
                self.game  # noqa: B018 — built now: the running game redraws in the new language
        page, lesson = self.page, self.lesson
        if page == "lesson" and lesson is not None and getattr(lesson, "lesson_id", None):
            info = next((i for i in self.catalogue() if i.id == lesson.lesson_id), None)
            if info is not None:
                player = self.open_lesson(info)
                player.resume(lesson)   # the same session, worded again
                self.session.open(player.session)
                return
        if page == "rules":
            self.show_rules(focus)
            return
        if page == "table" and self._projector is not None:   # the projector view, worded again
            shown = self._projector
            code = shown.session.code if shown.session is not None else None
            if code:
                from .table_page import ProjectorView
                shown.close()
                self._projector = ProjectorView(code, errors=self.errors, teachers=shown.teachers)
                self._set("table", self._projector.box)
                return
        if page == "teacher":   # the same lock: an open class stays open, worded again
            self.show_teacher(session=teacher)
            return
        {"game": self.show_game, "scenarios": self.show_scenarios, "practice": self.show_practice,
         "table": self.show_table}.get(page, self.show_home)()

    @property
    def page(self) -> str:
        """The page shown (the app session's)."""
        return self.session.page

    @property
    def store(self) -> Any:
        """The progress store the learner's records are in (the session's)."""
        return self.session.records

    @property
    def progress(self) -> Any:
        """Who is learning and their record (the session's): a
        :class:`~unoparty.progress.LearnerProgress`, or a stars-only :class:`Progress`."""
        return self.session.progress

    @progress.setter
    def progress(self, record: Any) -> None:
        self.session.progress = record

    @property
    def only_groups(self) -> list[str] | None:
        """The lesson groups the landing page lists (None: all)."""
        return self.session.groups

    @property
    def replay_text(self) -> str | None:
        """The scenario file of the last round replayed (the session's)."""
        return self.session.replay_text

    @property
    def rules(self) -> RulesPage:
        if self._rules is None:
            self._rules = RulesPage(on_back=self.errors.guard(self._back))
        return self._rules

    @property
    def game(self) -> GameApp:
        """The game page: widgets on the app's game session and the form's choices."""
        if self._game is None:
            running = self.session.sessions.get("game")
            self._game = GameApp(bot_factory=self.session.bot_factory, on_rule=self.errors.guard(self.show_rules),
                                 errors=self.errors, choices=self.session.choices,
                                 session=running if isinstance(running, GameSession) else None,
                                 on_session=self.errors.guard(self._game_session))
            self._game.on_replay = self.errors.guard(self.open_replay)
            self._watch_table(self._game.board.table)
        return self._game

    # ------------------------------------------------------------------ sessions outlive the page

    def _game_session(self, session: GameSession | None) -> None:
        """The game page started `session` (None: the game ended): keep it after every change."""
        if session is None:
            self.session.forget("game")
            return
        self.session.open(session)
        self.session.keep(at_once=True)   # the form's choices it was dealt with
        # what the learner did is written at once, the bots' moves at party pace throttled
        session.on_kept = self.errors.guard(lambda: self.session.keep(session, at_once=session.by_learner))

    def _keep(self, session: Any) -> None:
        """A page's session changed (a lesson step, a practice answer: the learner's click):
        keep it at once."""
        self.session.keep(session, at_once=True)

    def _resume_lesson(self) -> None:
        """Open the lesson kept for this browser (its step and answers), if one is kept and
        it is a lesson of the class's curriculum; else the landing page."""
        from ..scenarios.loader import load_scenario
        from ..session.lesson import LessonSession
        state = self.session.kept("lesson")
        info = next((i for i in self.catalogue() if state and i.id == state.get("lesson")), None)
        if info is None:
            self.show_home()
            return
        session = self.session.resume("lesson", lambda st: LessonSession.from_state(
            st, scenario=load_scenario(info.path), record=self.progress))
        if session is None:
            self.show_home()
            return
        self.open_lesson(info, session=session)

    def _game_from_state(self, state: Any) -> GameSession:
        from ..session.game import make_bots
        return GameSession.from_state(state, bot_factory=self.session.bot_factory or make_bots)

    def _offer_kept_game(self) -> None:
        """The Play page offers "Resume your game" / "New game" when a game is kept and none runs."""
        game = self.game
        if game.session is not None or game.resume_box.layout.display != "none":
            return
        if self.session.kept("game") is not None:
            game.offer_resume(lambda: self.session.resume("game", self._game_from_state))

    def use_key(self, key: str) -> None:
        """The browser sent its session key (:class:`~unoparty.views.session_key.SessionKey`):
        sign in as the learner it is signed in as — no name to type, no PIN —, then come
        back to the page and the language kept for it, and offer the kept game."""
        if self.session.key == key:
            return
        fresh = self.session.shown <= 1   # the learner has not moved on since the page opened
        picker: LearnerPicker = self.learner_picker
        hub = self.learner if picker.fixed else None
        learner = self.session.use_key(key)
        if self._table_page is not None and self._table_page.session is None:
            self._table_page.page_state.key = key   # its seats are held as this browser's from now on
        if hub and learner != hub:  # JupyterHub's user is the learner: the key is signed in as them
            self.session.sign_in(hub)
        state = self.session.kept("app")   # read before signing in shows a page (and keeps it)
        if not hub and learner and learner != self.learner:
            self.set_learner(learner, typed=False)
        elif not hub and not learner and self.learner:  # a name typed before the key came
            self.session.sign_in(self.learner)
        elif not hub and not learner and self.session.store is not None:
            from ..progress import LearnerProgress
            # nobody named yet: stars are kept under the key, and move to the name once typed
            self.progress = LearnerProgress(self.store, None, key=key)
        if state is None or not fresh:
            if self.page == "game":
                self._offer_kept_game()
            return
        try:
            kept = AppSession()
            kept.restore(state)
        except ValueError as exc:
            self.session.forget("app")
            self.session.say(Notice("dropped", "app", str(exc)))
            return
        for k, v in kept.choices.items():
            self.session.choices[k] = v
        if kept.language != language() and kept.language in dict(self.language.options).values():
            self.set_language(kept.language)
        back = {"game": self.show_game, "rules": self.show_rules, "practice": self.show_practice,
                "lesson": self._resume_lesson, "table": self._resume_table}.get(kept.page)
        if back is not None and kept.page != self.page:
            back()
        elif self.page == "game":
            self._offer_kept_game()

    def _say_notice(self) -> None:
        """The app's one-line notice, worded in the language shown."""
        n = self.session.notice
        if n is None:
            self.notice.value = ""
            return
        if n.what == "dropped":
            text = _("Your kept game could not be opened again, so it was put away. You can start a new one.")
        else:
            text = _("Your last change could not be saved yet.")
        self.notice.value = f'<div class="up-msg up-msg-info" role="status">{esc(text)}</div>'

    # ------------------------------------------------------------------ pages

    def _watch_table(self, table_view: Any) -> None:
        """Keep "show every hand" current: redraw it whenever `table_view` is drawn."""
        table_view.drawing.observe(lambda _ch: self._render_every_hand(), names="value")

    def _set(self, page: str, widget: Any) -> None:
        self.session.show(page)   # the page, and the one before it (Back), are the session's
        self.content.children = [widget]
        self._render_every_hand()
        if page == "home":
            self.box.remove_class("up-compact")
        else:
            self.box.add_class("up-compact")
        for name, b in self.nav_buttons.items():
            active = (name == page) or (name == self.session.lesson_from and page == "lesson")
            if active:
                b.add_class("up-nav-active")
            else:
                b.remove_class("up-nav-active")

    def _back(self) -> None:
        {"game": self.show_game, "lesson": self._show_lesson_page, "practice": self.show_practice}.get(
            self.session.previous, self.show_home)()

    def _show_lesson_page(self) -> None:
        if self.lesson is not None:
            self._set("lesson", self.lesson.box)
        else:
            self.show_home()

    def show_home(self) -> None:
        """The landing page: built once per language, then only its stars, lesson counts and
        learner picker are brought up to date (returning Home sends a few updates, not the
        whole page again). While the static site's App is being built, before the browser's
        key has said which page to open, it is shown but not filled in yet (``__init__``)."""
        if not self._home_later:
            self._fill_home()
        self._set("home", self.home)

    def _fill_home(self) -> None:
        """Build the landing page if it is not built in this language and curriculum, and bring
        its stars up to date."""
        stars = self.progress.all()
        if self._home_language != language() or self._home_curriculum != self._curriculum():
            self._build_home(stars)
        self._refresh_home(stars)

    def _shared(self) -> None:
        """One layout and one style for each kind of widget the landing page repeats: every
        widget otherwise opens its own ``Layout`` and style model (three comm messages for a
        button, not one)."""
        self._row_layout = w.Layout(align_items="center", justify_content="space-between")
        self._plain_layout = w.Layout()
        self._button_style = w.ButtonStyle()
        self._html_style = HTMLStyle()

    def _html(self, value: str = "", *classes: str) -> w.HTML:
        return w.HTML(value, layout=self._plain_layout, style=self._html_style, _dom_classes=classes)

    def _button(self, description: str, *classes: str, tooltip: str = "") -> w.Button:
        return w.Button(description=description, tooltip=tooltip or description, layout=self._plain_layout,
                        style=self._button_style, _dom_classes=classes)

    def _build_home(self, stars: dict[str, int]) -> None:
        """The landing page's widgets, in the current language: the lesson list (one button
        and one stars widget per lesson), the intro and "About this app" as HTML."""
        self._home_language = language()
        self._home_curriculum = self._curriculum()
        self.lesson_buttons = {}
        self.lesson_stars: dict[str, w.HTML] = {}
        self._group_heads: list[tuple[w.HTML, int, str, list[LessonInfo]]] = []
        group_cards = []
        groups: dict[str, list[LessonInfo]] = {}
        for info in self.catalogue():
            groups.setdefault(info.group, []).append(info)
        for k, (group, lessons) in enumerate(groups.items(), 1):
            if self.only_groups and group not in self.only_groups and \
                    lessons[0].group_id not in self.only_groups:
                continue
            head = self._html(self._group_head(k, group, lessons, stars))
            self._group_heads.append((head, k, group, lessons))
            rows = []
            for info in lessons:
                b = self._button(f"▶ {info.title}", "up-lessonbtn",
                                 tooltip=_("Start the lesson: {title}").format(title=info.title))
                b.on_click(self.errors.guard(lambda _b, info=info: self.open_lesson(info)))
                self.lesson_buttons[info.id] = b
                self.lesson_stars[info.id] = star_widget = self._html(stars_html(stars.get(info.id, 0)))
                rows.append(w.HBox([b, star_widget], layout=self._row_layout))
            group_cards.append(w.VBox([head, *rows], layout=self._plain_layout, _dom_classes=("up-tile",)))
        tiles = w.HBox(group_cards, layout=self._plain_layout, _dom_classes=("up-tiles",))
        play = self._button(_("Play against bots"), "up-go")
        play.on_click(self.errors.guard(lambda _b: self.show_game()))
        rules = self._button(_("Read the rules"), "up-primary")
        rules.on_click(self.errors.guard(lambda _b: self.show_rules()))
        self.play_button, self.rules_button = play, rules
        from ..cards import Card
        cards = "".join(svg.card_svg(Card.parse(c), 64) for c in
                        ("red 7", "yellow point taken", "green reverse", "blue skip", "wild pile up",
                         "wild drawn together", "wild draw four"))
        if self.only_groups:  # a group's own page (lesson_app): how a lesson works
            welcome = _("Each lesson sets up a table and walks you through it. Press Next to go on and Back to look again. When a task appears, answer it by clicking on the table: a card in your hand, a button, or a player. A wrong answer is never a problem: the app explains what the rules say and gives you a hint.")
        else:
            welcome = _("New to UNO Party!? Start with the first lesson. Each lesson sets up a table and walks you through a rule; answer the tasks by clicking on the table. You earn up to three stars per lesson.")
        intro = self._html(
            f"<div class='up-intro-cards' style='display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 8px;max-width:100%'>{cards}</div>"
            f"<p style='font-size:16px'>{esc(welcome)}</p>")
        self.about = self._html(about_html())
        self.home = w.VBox([self.learner_picker.box, intro,  # the two buttons wrap, never cut (up-actions)
                            w.HBox([play, rules], layout=self._plain_layout, _dom_classes=("up-actions",)),
                            self._html(f"<h2>{esc(_('Lessons'))}</h2>"), tiles, self.about],
                           layout=self._plain_layout)

    @staticmethod
    def _group_head(k: int, group: str, lessons: list[LessonInfo], stars: dict[str, int]) -> str:
        done = sum(1 for info in lessons if stars.get(info.id, 0))
        return (f"<h3>{k}. {esc(group)}</h3><p>{esc(ngettext('{done} of {n} lesson done', '{done} of {n} lessons done', len(lessons)).format(done=done, n=len(lessons)))}</p>")

    def _refresh_home(self, stars: dict[str, int]) -> None:
        """The learner's stars and each group's "n of m lessons done" (`stars`: lesson id →
        stars); a widget whose text is unchanged sends nothing."""
        for info_id, star_widget in self.lesson_stars.items():
            star_widget.value = stars_html(stars.get(info_id, 0))
        for head, k, group, lessons in self._group_heads:
            head.value = self._group_head(k, group, lessons, stars)
        self.learner_picker.refresh()

    # ------------------------------------------------------------------ the class's lessons

    def _curriculum(self) -> str:
        """The class's curriculum (views/curricula.py): the teacher's choice, else the
        server's ``UNOPARTY_CURRICULUM``, else the app's lessons."""
        from .curricula import chosen
        return chosen(self.store)

    def catalogue(self) -> list[LessonInfo]:
        """The lessons of the class's curriculum, in order; the app's own when that
        curriculum cannot be read (the server's log says why)."""
        from ..errors import ScenarioError
        from .curricula import path_of
        path = path_of(self._curriculum())
        if path is None:
            return lesson_catalogue()
        try:
            return lesson_catalogue(path)
        except ScenarioError as e:  # the server's log says why; the learner gets lessons
            import sys
            print(f"unoparty: the class's curriculum cannot be read ({e}); the app's lessons are shown",
                  file=sys.stderr)
            return lesson_catalogue()

    # ------------------------------------------------------------------ learners (unoparty.progress)

    def _init_learner(self, progress: Any, learner: str | None, store: Any) -> None:
        """The progress store and who is learning: `progress` (a stars-only
        :class:`Progress`) wins; else the store (``UNOPARTY_DB``; the browser's storage on
        the static site) under `learner`'s name — by default, in a store that belongs to one
        browser (:attr:`~unoparty.progress.Store.keeps_last_learner`), the learner chosen
        there last; in a shared one, nobody until they give their name."""
        from ..progress import LearnerProgress, StoreError, hub_learner_name, open_store
        from .learner import LearnerPicker
        if progress is None and store is None:
            try:
                store = open_store()
            except StoreError as e:
                self.errors.report(e)
                store = None
        import os
        hub_user = os.environ.get("JUPYTERHUB_USER", "") if progress is None else ""
        # a hub name the store cannot keep as it is (too long; "ben" + an invisible or
        # direction character, which is not Ben): no name given, the store service refuses it
        hub_user = (hub_learner_name(hub_user) or "") if hub_user else ""
        # App(learner=…) in a notebook follows the landing page's rules (issue 22): under
        # JupyterHub only the hub's user; with the teacher's setting "pins", the PIN first
        self._hub_refused: str | None = None   # another name given under JupyterHub
        self._pin_asked: str | None = None     # the name given, whose PIN is asked first
        given = " ".join(str(learner).split()) if learner is not None else ""
        if given and hub_user:
            if given.casefold() != hub_user.casefold():
                self._hub_refused = given
            learner = hub_user
        if learner is None and hub_user and store is not None:
            learner = hub_user  # JupyterHub signed the learner in: their name, nothing to type
        if learner is not None and learner != hub_user and progress is None and store is not None:
            from ..session.sign_in import SignInSession
            if SignInSession(store).asks_pins():
                self._pin_asked, learner = learner, None   # asked once the page is built
        if progress is None and learner is None and store is not None and getattr(store, "keeps_last_learner", False):
            try:
                learner = store.last_learner()
            except StoreError as e:
                self.errors.report(e)
        if store is not None and progress is None:
            from ..unsaved import KeptStore
            # a change the store refuses is kept and tried again; the page says so meanwhile
            store = store if isinstance(store, KeptStore) else KeptStore(store, on_change=self._show_unsaved)
        self.session.records = store
        self.session.progress = progress if progress is not None else LearnerProgress(store, learner)
        self.learner_picker: LearnerPicker = LearnerPicker(store if progress is None else None,
                                            on_pick=self.errors.guard(self.set_learner), current=learner,
                                            fixed=bool(hub_user) and learner == hub_user,
                                            on_not_me=self.errors.guard(self.sign_out),
                                            page_key=self.session.page_key)
        if progress is not None:
            self.learner_picker.box.layout.display = "none"

    def _given_learner(self, pin: str | None) -> None:
        """The learner given to ``App(learner=…)`` whose PIN is asked (the teacher's setting
        ``pins``): asked on the landing page — `pin` tried at once —, which is shown while
        it waits; under JupyterHub another name is refused in one sentence."""
        picker = self.learner_picker
        if self._pin_asked is not None:
            picker.pick(self._pin_asked)
            if pin is not None and picker.session.waiting is not None:
                picker.check_pin(pin, pin)
            if picker.session.waiting is not None and self.page != "home":
                self.show_home()
        if self._hub_refused is not None and self.learner:
            from .learner import hub_sentence
            picker.message.value = f'<div class="up-msg up-msg-bad" role="alert">{esc(hub_sentence(self.learner))}</div>'

    def _show_unsaved(self) -> None:
        """The page's one sentence while the store has not taken every change yet."""
        from ..unsaved import unsaved_sentence
        pending = bool(getattr(self.store, "pending", None))
        self.unsaved_note.value = (f'<div class="up-msg up-msg-bad" role="status">{esc(unsaved_sentence())}</div>'
                                   if pending else "")

    @property
    def learner(self) -> str | None:
        return getattr(self.progress, "learner", None)

    def set_learner(self, name: str, *, typed: bool = True) -> None:
        """Keep progress under `name` from now on (their language too, if they chose one).
        `typed`: the learner typed it (the browser's key is signed in as it, and work kept
        under the key moves to it); else the key was already signed in as it."""
        from ..progress import LearnerProgress
        if getattr(self.store, "keeps_last_learner", False):
            name = self.store.remember_learner(name)  # picked again after a reload
        if typed:
            name = self.session.sign_in(name)
        else:
            self.learner_picker.session.signed_in(name)   # the key's learner: no PIN asked for them
            self.learner_picker.refresh()
        self.progress = LearnerProgress(self.store, name)
        if self._practice is not None:  # the Practice page shows the new learner's record
            # answers given before a name was typed move to the learner, and both pages say so
            carry = self._practice.store is self.session.nameless_practice
            self._practice.switch_learner(*self._practice_record(), carry=carry)
        lang = self.store.setting(name, "language") if self.store is not None else None
        if lang and lang != language() and lang in available_languages():
            self.set_language(lang)
        elif self.page == "home":
            self.show_home()
        if self._practice is not None and self._practice.note.value:  # said where the name was typed too
            self.learner_picker.message.value += self._practice.note.value

    def sign_out(self) -> None:
        """"Not me" on the landing page: the browser's key signs in as nobody; the page asks
        for a name again (what was kept stays under the name)."""
        from ..progress import LearnerProgress
        self.session.sign_out()
        if self._game is not None and self._game.session is not None:
            self._game.session.stop()
        self._game = None
        self.progress = LearnerProgress(self.store, None, key=self.session.key)
        self.learner_picker.current = None
        self.learner_picker.name_field.value = ""
        self.learner_picker.refresh()
        if self._practice is not None:
            self._practice.switch_learner(*self._practice_record(), carry=False)
        self.show_home()

    # ------------------------------------------------------------------ classroom pages

    def show_scenarios(self) -> None:
        """The page "Your scenarios" (:mod:`unoparty.views.scenarios_page`)."""
        from .scenarios_page import ScenariosPage
        if self._scenarios is None:
            self._scenarios = ScenariosPage(on_open=self.open_scenario, errors=self.errors)
        self._scenarios.refresh_folder()
        self._set("scenarios", self._scenarios.box)

    def open_scenario(self, scenario: Any, *, back: str = "scenarios") -> LessonPlayer:
        """A teacher's scenario (or a replay: `back` ``"game"``) in the scenario player; its
        end leads back to their scenarios (or the game). A teacher's scenario is recorded
        like a lesson; a replay is recorded nowhere (:class:`~unoparty.views.progress.Unkept`)."""
        from .progress import Progress, Unkept
        from .scenarios_page import record_id
        progress = Progress(backend=Unkept()) if back == "game" else self.progress
        self.session.forget("lesson")   # a reload does not bring back an older lesson instead
        # a teacher's file keeps its own record ("scenario:<id>"), never an app lesson's
        self.lesson = LessonPlayer(scenario, progress=progress, errors=self.errors,
                                   on_rule=self.errors.guard(self.show_rules),
                                   on_exit=self.errors.guard(self.show_game if back == "game" else self.show_scenarios),
                                   lesson_id=record_id(scenario))
        self.lesson.exit_button.description = _("Back to the game") if back == "game" else _("Your scenarios")
        self.session.lesson_from = "game" if back == "game" else "scenarios"
        self._set("lesson", self.lesson.box)
        return self.lesson

    def open_replay(self, game: Any, me: int | None = None) -> LessonPlayer | None:
        """The round `game` just played, step by step in the scenario player
        (:mod:`unoparty.replay`); None, with a message, if it cannot be replayed."""
        from ..errors import ScenarioError
        from ..replay import ReplayError, round_to_toml
        from ..scenarios.loader import loads_scenario
        learner = game.names[me] if me is not None else None
        try:
            text = round_to_toml(game, scenario_id=f"replay-round-{game.round_number}",
                                 title=_("Replay: the round you just played"), learner=learner)
            scenario = loads_scenario(text, "replay.toml")
        except (ReplayError, ScenarioError) as e:
            self.game.board.message.show(_("This round cannot be replayed yet: {why}").format(why=e), "info")
            return None
        self.session.replay_text = text
        return self.open_scenario(scenario, back="game")

    def show_teacher(self, session: Any = None) -> None:
        """The teacher's page (:mod:`unoparty.views.teacher`), behind the teacher's code
        (`session`: its :class:`~unoparty.session.teacher.TeacherSession` from the page in
        another language, so that an open class stays open)."""
        from .teacher import TeacherPage
        if self._teacher is None:
            # one count of tries per page, whatever the language: the session's page key
            self._teacher = TeacherPage(self.store, errors=self.errors, page_key=self.session.page_key,
                                        session=session)
        self._teacher.refresh()
        self._set("teacher", self._teacher.box)

    def show_table(self, code: str | None = None, *, projector: bool = False, key: str | None = None) -> None:
        """"Play together" (:mod:`unoparty.views.table_page`): open or join a live table —
        `code` joins it at once — or, with `projector`, table `code`'s projector view (`key`:
        the teacher's projector key, :func:`unoparty.access.projector_key`). A page
        built in another language keeps its table (the same session, new widgets)."""
        from ..progress import in_browser
        from .table_page import ProjectorView, TablePage, no_server_box
        if in_browser():   # the static site: no server, so no shared table
            self._set("table", no_server_box(self.errors.guard(self.show_game)))
            return
        from ..progress import default_url
        from ..progress.table_log import tables_supported
        if not tables_supported(default_url()):   # JupyterHub's store service: learners' records only
            from ..table_words import problem_sentence
            self._set("table", no_server_box(self.errors.guard(self.show_game), problem_sentence("no tables")))
            return
        if self._projector is not None:   # leaving the projector view (or building it again)
            self._projector.close()
            self._projector = None
        if projector and code:
            self._projector = ProjectorView(code, errors=self.errors, key=key)
            self._set("table", self._projector.box)
            return
        page = self._table_page
        if page is None or getattr(page, "language", None) != language():
            session = page.session if page is not None else None
            if page is not None:
                page.close_timer()
            page = self._table_page = TablePage(name=self.learner, key=self.session.key, errors=self.errors,
                                                on_rule=self.errors.guard(self.show_rules), session=session,
                                                store=self.store, on_sign_in=self.errors.guard(self.set_learner),
                                                on_session=self.errors.guard(self._table_session),
                                                fixed=self.learner_picker.fixed, page_key=self.session.page_key)
        if code:
            page.name_field.value = page.name_field.value or (self.learner or "")
            page.join(code)
        self._set("table", page.box)

    def _table_session(self, session: Any) -> None:
        """The table page opened `session` (kept for a reload: kind ``"table"``) or closed it (None)."""
        if session is None:
            if self.session.sessions.get("table") is not None or self.session.kept("table") is not None:
                self.session.forget("table")
            return
        self.session.open(session)

    def _resume_table(self) -> None:
        """Back to the live table kept for this browser (a reload, the app opened again):
        the same seat and hand (:meth:`TablePage.resume`); the lobby when none is kept."""
        self.show_table()
        state = self.session.kept("table")
        page = self._table_page
        if state is not None and page is not None and page.session is None:
            page.resume(dict(state))

    def show_table_of_request(self, query: str) -> None:
        """``?table=CODE`` joins table CODE; ``?table=CODE&view=projector`` shows its projector
        view (``&key=…``: the teacher's, who may pause it and save the moment)."""
        from urllib.parse import parse_qs
        q = parse_qs(query or "")
        code = q.get("table", [""])[0]
        if code:
            self.show_table(code, projector=q.get("view", [""])[0] == "projector", key=q.get("key", [""])[0])

    def open_lesson(self, info: LessonInfo, session: Any = None) -> LessonPlayer:
        """Lesson `info` in the lesson player: from its start, or `session` (a
        :class:`~unoparty.session.lesson.LessonSession` brought back); kept after every change."""
        from ..scenarios.loader import load_scenario
        scenario = session.scenario if session is not None else load_scenario(info.path)
        self.lesson = LessonPlayer(scenario, progress=self.progress, errors=self.errors,
                                   on_rule=self.errors.guard(self.show_rules),
                                   on_exit=self.errors.guard(self.show_home), lesson_id=info.id,
                                   on_next_lesson=self._next_lesson_opener(info), session=session,
                                   on_change=self.errors.guard(self._keep))
        self.session.open(self.lesson.session)
        self._watch_table(self.lesson.board.table)
        self.session.lesson_from = "lessons"
        self._set("lesson", self.lesson.box)
        self.scroll_to_top()
        return self.lesson

    # ------------------------------------------------------------------ keys and presenter's mode

    def _presenter_bits(self, g: Callable[..., Any]) -> None:
        """The key listener with its full-screen button, and the presenter's switches."""
        toggle_style = ToggleButtonStyle()
        self.presenter_button = w.ToggleButton(value=False, description=_("Presenter"),
                                               tooltip=_("Larger cards for a projector"),
                                               layout=self._plain_layout, style=toggle_style)
        self.every_hand_button = w.ToggleButton(value=False, description=_("Show every hand"),
                                                tooltip=_("Show every player's cards while explaining"),
                                                layout=self._plain_layout, style=toggle_style)
        self.presenter_button.observe(g(lambda ch: self.set_presenter(ch["new"])), names="value")
        self.every_hand_button.observe(g(lambda _ch: self._render_every_hand()), names="value")
        self.every_hand = self._html("", "up-every-hand")
        self.presenter_controls = [self.presenter_button, self.every_hand_button]
        try:
            from .keys import KeyControl
        except ImportError:  # anywidget missing: no keys, no full screen, the rest works
            self.keys = None
        else:
            self.keys = KeyControl(on_key=g(self.press))
            self.presenter_controls.append(self.keys)

    def set_presenter(self, on: bool) -> None:
        """Presenter's mode: larger cards and table for a projector."""
        if self.presenter_button.value != on:
            self.presenter_button.value = on
        (self.box.add_class if on else self.box.remove_class)("up-presenter")

    def _board(self) -> Any:
        if self.page == "lesson" and self.lesson is not None:
            return self.lesson.board
        if self.page == "game" and self._game is not None:
            return self._game.board
        return None

    def _game_shown(self) -> Any:
        if self.page == "lesson" and self.lesson is not None:
            return self.lesson.game
        if self.page == "game" and self._game is not None:
            return self._game.game
        if self.page == "practice" and self._practice is not None:
            return self._practice.game
        return None

    def _render_every_hand(self) -> None:
        """Every player's hand face up, under the table (presenter's "show every hand")."""
        game = self._game_shown() if self.every_hand_button.value else None
        if game is None:
            self.every_hand.value = ""
            return
        rows = []
        for seat, name in enumerate(game.names):
            cards = "".join(svg.card_svg(c, 44) for c in game.hands[seat])
            rows.append(f'<div class="up-every-row"><b>{name_html(name)}</b> <span class="up-stepno">'
                        f'{esc(ngettext("{n} card", "{n} cards", len(game.hands[seat])).format(n=len(game.hands[seat])))}'
                        f'</span><div style="display:flex;flex-wrap:wrap;gap:3px">{cards}</div></div>')
        self.every_hand.value = (f'<div class="up-every"><h3>{esc(_("Every hand"))}</h3>{"".join(rows)}</div>')

    def press(self, key: str) -> None:
        """Do what key `key` does on the page shown: ``ArrowLeft``/``ArrowRight`` Back/Next,
        ``d`` draw, ``u`` UNO, ``1``–``9`` the hand's cards (Practice: the answer labelled
        with that digit, ``0`` too; answers not labelled by digits by their place).
        A key with nothing to do here does nothing."""
        def click(b: Any) -> None:
            if b is not None and not b.disabled and b.layout.display != "none":
                b.click()

        digit = int(key) - 1 if key.isdigit() and key != "0" else None
        if self.page == "practice" and self._practice is not None:
            p = self._practice
            if p.key_button(key) is not None:  # the answer labelled by that digit (issue 19)
                click(p.key_button(key))
            elif key == "ArrowRight":
                click(p.next_button)
        elif self.page == "lesson" and self.lesson is not None:
            lesson = self.lesson
            if key == "ArrowLeft":
                click(lesson.back_button)
            elif key == "ArrowRight":
                if lesson.finished:
                    click(lesson.next_lesson_button)
                else:
                    click(lesson.next_button)
        board = self._board()
        if board is not None:
            if key == "d":
                click(board.draw_button)
            elif key == "u":
                click(board.uno_button)
            elif digit is not None and digit < len(board.hand.cards):
                click(board.hand.buttons[digit])
        if self.page == "game" and self._game is not None and key == "ArrowRight":
            click(getattr(self._game, "continue_button", None))
        self._render_every_hand()

    def scroll_to_top(self) -> None:
        """Scroll the page to the app's top (a lesson opened from lower in the list would
        otherwise keep the list's scroll, hiding its title and top seats)."""
        from IPython import display as ipython_display
        show: Any = ipython_display.display   # IPython's display functions are untyped: Any
        script: Any = ipython_display.Javascript
        self._scroller.clear_output()
        with self._scroller:
            show(script("(document.querySelector('.up-app') || document.body).scrollIntoView({block: 'start'});"
                               "window.scrollTo(0, 0);"))

    def _next_lesson_opener(self, info: LessonInfo) -> Callable[[], None] | None:
        """A callback opening the lesson after `info` in the curriculum, or None at the end."""
        lessons = self.catalogue()
        ids = [i.id for i in lessons]
        if info.id not in ids or ids.index(info.id) + 1 >= len(ids):
            return None
        following = lessons[ids.index(info.id) + 1]
        return self.errors.guard(lambda: self.open_lesson(following))

    def show_game(self) -> None:
        self._set("game", self.game.box)
        self._offer_kept_game()

    @property
    def practice(self) -> Any:
        """The Practice page (:class:`~unoparty.views.practice.PracticePage`), built when first shown."""
        if self._practice is None:
            from .practice import PracticePage
            learner, store = self._practice_record()
            from ..session.practice import PracticeSession
            kept = self.session.resume(   # the question the learner was on, if one is kept
                "practice", lambda state: PracticeSession.from_state(state, learner=learner, store=store))
            self._practice = PracticePage(learner=learner, store=store, session=kept,
                                          on_rule=self.errors.guard(self.show_rules), guard=self.errors.guard,
                                          on_change=self.errors.guard(self._keep))
            self.session.open(self._practice.session)
            self._watch_table(self._practice.table)
        return self._practice

    def _practice_record(self) -> tuple[str, Any]:
        """Whose Practice record, and where: the learner's, in the progress store
        (``UNOPARTY_DB``; the browser's storage on the static site); nobody named yet (or a
        stars-only progress): this session's, in memory."""
        from ..practice.mastery import MemoryPracticeStore
        from ..progress import LearnerPracticeStore
        if self.learner and self.store is not None and getattr(self.progress, "keeps", False):
            return self.learner, LearnerPracticeStore(self.store)
        if self.session.nameless_practice is None:
            self.session.nameless_practice = MemoryPracticeStore()
        return "me", self.session.nameless_practice

    def show_practice(self) -> None:
        self._set("practice", self.practice.box)

    def show_rules(self, rule_id: str | None = None) -> None:
        self.rules.show(rule_id)
        self._set("rules", self.rules.box)


def lesson_app(group: str | None = None, **kw: Any) -> App:
    """The app showing one lesson group's lessons (for the per-group notebooks)."""
    return App(groups=[group] if group else None, **kw)


def play_app(**kw: Any) -> App:
    """The app opened at the game against bots."""
    return App(start="game", **kw)


def rules_app(**kw: Any) -> App:
    return App(start="rules", **kw)
