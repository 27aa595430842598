"""The game: you against 1–15 bots (DESIGN.md "Views").

Settings are chosen before dealing: bots and their level, rule set, house rules, target
score, and the pace (learning or party). The page keeps nothing but its widgets and its
session: one :class:`~unoparty.session.game.GameSession` applies every move and owns the
bots; the form's choices live in a dict the app's session shares (a page built again in
another language shows the same choices and the same game); the board only turns clicks
into moves.
"""

from __future__ import annotations

import asyncio
import os
import random
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from ..bidi import without_bidi_controls
from ..cards import Card, hand_points
from ..engine import Phase
from ..errors import IllegalMove
from ..i18n import _, ngettext
from ..move_words import move_advice
from ..refusal_words import explain
from ..rules import Rules
from .board import Board
from .common import ErrorPanel, LogView, button, split
from ..session.app import DEFAULT_CHOICES
from ..session.game import BOT_NAMES, LEARNING, PARTY, GameSession, GameStart, make_bots
from .controller import chance_words
from .markup import esc, name_html, name_text
from .table import phase_line, table_state

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["GameApp", "BOT_NAMES", "make_bots", "proposed_target"]

LEVELS = ("random", "basic", "strong")


def fixed_deal_seed() -> int | None:
    """``UNOPARTY_GAME_SEED``: every deal of the app uses this seed (a demo shown the same way
    each time, a browser test of a known round); None when unset or not a whole number ≥ 0."""
    text = os.environ.get("UNOPARTY_GAME_SEED", "").strip()
    return int(text) if text.isdigit() else None


def _actions(*buttons: Any) -> Any:
    box = w.HBox(list(buttons))
    box.add_class("up-actions")  # wraps; buttons keep their full labels
    return box


def proposed_target(n_players: int) -> int:
    """The match target (points, R-4) proposed for a table of `n_players` (2–16).

    500 up to 4 players — the printed target — then 125 points more per player, so that a
    match lasts a few rounds at any table size.

    >>> proposed_target(4), proposed_target(6), proposed_target(16)
    (500, 750, 2000)
    """
    return max(500, 125 * int(n_players))


class GameApp:
    """Settings, then the table, the hand, the narration and the scoring.

    Attributes:
        box: the widget to display.
        settings: widgets of the settings form (``bots``, ``level``, ``rule_set``,
            ``stacking``, ``seven_o``, ``jump_in``, ``doubles``, ``target``, ``pace``, ``name``).
        deal_button: starts a game with those settings.
        board: the :class:`~unoparty.views.board.Board`. log: the narration.
        session: the running game's :class:`GameSession` (None before dealing; ``controller``
            is the same). choices: the form's choices (shared with the app's session).
        resume_box, resume_button, fresh_button: "Resume your game" / "New game", shown
            while a kept game is offered (:meth:`offer_resume`).
        hint_button, pause_button, undo_button, continue_button, start_button,
        next_round_button, new_game_button: controls.
        errors: the :class:`ErrorPanel`.
    """

    def __init__(self, *, bot_factory: Callable[..., Any] | None = None, on_rule: Callable[[str], None] | None = None,
                 errors: ErrorPanel | None = None, loop: asyncio.AbstractEventLoop | None = None,
                 session: GameSession | None = None, choices: dict[str, Any] | None = None,
                 on_session: Callable[[GameSession | None], None] | None = None) -> None:
        self.bot_factory = bot_factory or make_bots
        own_errors = errors is None
        self.errors = errors or ErrorPanel()
        self.loop = loop
        self.on_rule = on_rule
        self.on_session = on_session  # the app keeps the game (None: the game ended)
        g = self.errors.guard
        self.session: GameSession | None = None
        self.choices: dict[str, Any] = choices if choices is not None else dict(DEFAULT_CHOICES)
        ch = self.choices

        # settings: their values are the choices; a change is written back at once
        s = {}
        s["name"] = w.Text(value=ch.get("name") or _("You"), layout=w.Layout(width="240px"))
        s["bots"] = w.IntSlider(value=5, min=1, max=15, layout=w.Layout(width="360px"))
        s["level"] = w.ToggleButtons(options=[(_("Random"), "random"), (_("Basic"), "basic"), (_("Strong"), "strong")],
                                     value="basic")
        s["rule_set"] = w.ToggleButtons(options=[(_("UNO Party!"), "party"), (_("Classic UNO"), "classic")],
                                        value="party")
        s["stacking"] = w.Checkbox(value=False, description=_("Stacking (H-1)"), indent=False,
                                   layout=w.Layout(width="auto"))
        s["seven_o"] = w.Checkbox(value=False, description=_("Seven-O (H-2)"), indent=False,
                                  layout=w.Layout(width="auto"))
        s["jump_in"] = w.Checkbox(value=False, description=_("Jump-In (H-3)"), indent=False,
                                  layout=w.Layout(width="auto"))
        s["doubles"] = w.Checkbox(value=False, description=_("Doubles (H-4)"), indent=False,
                                  layout=w.Layout(width="auto"))
        s["target"] = w.BoundedIntText(value=500, min=50, max=5000, step=50, layout=w.Layout(width="120px"))
        s["pace"] = w.ToggleButtons(
            options=[(_("Learning pace"), LEARNING), (_("Party pace"), PARTY)], value=LEARNING,
            tooltips=[_("The game stops at every chance you have and says so; you can take moves back."),
                      _("Real time: bots think, race you to speed plays and catch you.")])
        self.settings = s
        for key in ("rule_set", "bots", "level", "stacking", "seven_o", "jump_in", "doubles", "pace"):
            try:
                s[key].value = ch.get(key, s[key].value)
            except Exception:  # a choice this form cannot show: the form's own default
                pass
        s["rule_set"].observe(g(self._rule_set_changed), "value")
        self.target_note = w.HTML()
        for key, widget in s.items():
            if key not in ("target", "name"):
                widget.observe(g(lambda change, key=key: ch.__setitem__(key, change["new"])), "value")
        s["bots"].observe(g(lambda _c: self._propose_target()), "value")
        if ch.get("target_chosen"):
            s["target"].value = ch.get("target", 500)
        s["target"].observe(g(self._target_changed), "value")
        # "Resume your game" / "New game": offered while a kept game waits (offer_resume)
        self.resume_note = w.HTML()
        self.resume_button = button(_("Resume your game"), "up-go", "up-resume")
        self.fresh_button = button(_("New game"), "up-fresh")
        self.resume_box = w.VBox([self.resume_note, _actions(self.resume_button, self.fresh_button)],
                                 layout=w.Layout(display="none"))
        self.resume_box.add_class("up-resume-offer")
        self._resume: Callable[[], GameSession | None] | None = None
        self.resume_button.on_click(g(lambda _b: self.resume_kept()))
        self.fresh_button.on_click(g(lambda _b: self.decline_resume()))
        self.deal_button = button(_("Deal the cards"), "up-go", "up-deal")
        self.deal_button.on_click(g(lambda _b: self.deal()))
        self.settings_note = w.HTML()
        self.name_message = w.HTML()  # a message about the typed name, at the field

        def row(label: str, widget: Any, note: str = "") -> w.HBox:
            head = w.HTML(f"<b>{esc(label)}</b>", layout=w.Layout(width="150px", flex="0 0 150px"))
            parts = [head, widget]
            if note:
                parts.append(w.HTML(f"<span class='up-stepno'>{esc(note)}</span>"))
            box = w.HBox(parts, layout=w.Layout(align_items="center", margin="4px 0"))
            box.add_class("up-row")
            head.add_class("up-rowhead")
            return box

        house = w.Box([s["stacking"], s["seven_o"], s["jump_in"], s["doubles"]])
        house.add_class("up-house")
        self.settings_box = w.VBox([
            w.HTML(f"<h2 style='margin:4px 0'>{esc(_('Play against bots'))}</h2><p>{esc(_('Choose the table, then deal. Learning pace waits for you at every chance; party pace runs in real time.'))}</p>"),
            self.resume_box,
            w.VBox([row(_("Your name"), s["name"]), self.name_message]),
            row(_("Bots"), s["bots"], _("UNO Party! is for 2 to 16 players, best with 6 or more; classic UNO for 2 to 10.")),
            row(_("Bot level"), s["level"]),
            row(_("Rules"), s["rule_set"]),
            row(_("House rules"), house),
            row(_("Match to"), s["target"], _("points (R-4)")),
            self.target_note,
            row(_("Pace"), s["pace"]),
            self.settings_note, self.deal_button])
        self.settings_box.add_class("up-settings")
        self._propose_target()

        # the game
        self.board = Board()
        self.board.on_move = g(self._on_move)
        self.board.message.on_rule = self._open_rule
        self.board.cancel_button.on_click(g(lambda _b: self.render()))
        self.log = LogView()
        self.status = w.HTML()
        self.hint_button = button(_("Hint"), tooltip=_("What would a good player do?"))
        self.pause_button = button(_("Pause"))
        self.undo_button = button(_("Take back"), tooltip=_("Take back your last move (learning pace)"))
        self.continue_button = button(_("Continue"), "up-go", tooltip=_("Let the chance go by"))
        self.start_button = button(_("Start!"), "up-go", tooltip=_("Start the clock"))
        self.new_game_button = button(_("New game"))
        self.next_round_button = button(_("Next round"), "up-go")
        self.hint_button.on_click(g(lambda _b: self.hint()))
        self.pause_button.on_click(g(lambda _b: self.toggle_pause()))
        self.undo_button.on_click(g(lambda _b: self.undo()))
        self.continue_button.on_click(g(lambda _b: self.continue_()))
        self.start_button.on_click(g(lambda _b: self.start()))
        self.new_game_button.on_click(g(lambda _b: self.ask_new_game()))
        self.confirm_new_button = button(_("Yes, end this game"), "up-warn")
        self.keep_playing_button = button(_("Keep playing"), "up-go")
        self.confirm_new_button.on_click(g(lambda _b: self.show_settings()))
        self.keep_playing_button.on_click(g(lambda _b: self._hide_confirm()))
        self.confirm_box = w.VBox([w.HTML(f'<b>{esc(_("End this game and go back to the settings? The game will be lost."))}</b>'),
                                   _actions(self.confirm_new_button, self.keep_playing_button)],
                                  layout=w.Layout(display="none"))
        self.confirm_box.add_class("up-confirm")
        self.next_round_button.on_click(g(lambda _b: self.next_round()))
        self.chance = w.HTML()
        self.scoring = w.HTML()
        # "Replay this round": the App opens the round in the scenario player (unoparty.replay)
        self.on_replay: Callable[..., Any] | None = None
        self.replay_button = button(_("Replay this round"), tooltip=_("Step through the round you just played"))
        self.replay_button.on_click(g(lambda _b: self.on_replay and self.session and self.on_replay(self.session.game, self.me)))
        self.round_box = w.VBox([self.scoring, w.HBox([self.next_round_button, self.replay_button])],
                                layout=w.Layout(display="none"))
        self.round_box.add_class("up-roundover")
        controls = w.HBox([self.start_button, self.continue_button, self.hint_button, self.undo_button,
                           self.pause_button, self.new_game_button])
        controls.add_class("up-actions")
        left = w.VBox([self.status, self.board.table.box, self.board.picker, self.board.hand.box],
                      layout=w.Layout(flex="1 1 auto", min_width="560px"))
        left.add_class("up-main")
        right = w.VBox([self.round_box, self.chance, self.board.message.box, self.board.actions, controls,
                        self.confirm_box, self.log.box],
                       layout=w.Layout(width="360px", flex="0 0 360px"))
        right.add_class("up-side")
        self.game_box = w.VBox([split(left, right)],
                               layout=w.Layout(display="none"))
        self.box = w.VBox(([self.errors.box] if own_errors else []) + [self.settings_box, self.game_box])
        self._last_top: Card | None = None   # what the page drew last (a card laid is highlighted)
        self._rendered_version: int | None = None
        if session is not None:  # the same game, shown again (another language)
            self.show_session(session)

    # ------------------------------------------------------------------ the session

    @property
    def controller(self) -> GameSession | None:
        """The running game's session (the page's older name for it)."""
        return self.session

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    @property
    def me(self) -> int:
        return self.session.me if self.session is not None else 0

    @property
    def seed(self) -> int:
        return self.session.seed if self.session is not None else 0

    # ------------------------------------------------------------------ settings

    def _rule_set_changed(self, change: Any) -> None:
        classic = change["new"] == "classic"
        self.settings["bots"].max = 9 if classic else 15
        self.settings_note.value = (f"<i>{esc(_('Classic UNO: 2–10 players, no Speed Play unless Jump-In is on.'))}</i>"
                                    if classic else "")

    def _propose_target(self) -> None:
        """Propose a match target that fits the table (R-4): a round won at a big table
        scores the cards of many hands, so a fixed 500 can end a 16-player match in one round."""
        n = int(self.settings["bots"].value) + 1
        proposed = proposed_target(n)
        if not self.choices.get("target_chosen"):
            self.settings["target"].value = proposed   # _target_changed: a proposal is not the learner's choice
        self.target_note.value = (f"<span class='up-stepno'>{esc(_('For {n} players we propose {points} points: a match of a few rounds. You can change it.').format(n=n, points=proposed))}</span>")

    def _target_changed(self, change: Any) -> None:
        self.choices["target"] = change["new"]
        if change["new"] != proposed_target(int(self.settings["bots"].value) + 1):
            self.choices["target_chosen"] = True  # the learner typed a target: proposals no longer change it

    def rules(self) -> Rules:
        s = self.settings
        return Rules(rule_set=s["rule_set"].value, stacking=s["stacking"].value, seven_o=s["seven_o"].value,
                     jump_in=s["jump_in"].value, doubles=s["doubles"].value, target_score=int(s["target"].value))

    def deal(self, seed: int | None = None) -> None:
        """Start a game with the chosen settings (learner at seat 0)."""
        from ..game import Game
        s = self.settings
        me_name = self._checked_name()
        if me_name is None:  # the message is at the field; nothing is dealt
            return
        n_bots = int(s["bots"].value)
        bot_names = [nm for nm in BOT_NAMES if nm != me_name][:n_bots]
        names = [me_name, *bot_names]
        if seed is None:  # a fresh table each deal; the seed is shown so a game can be replayed
            seed = fixed_deal_seed()
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        start = GameStart(tuple(names), self.rules(), seed, s["level"].value)
        session = GameSession(start.deal(), 0, self.bot_factory(range(1, len(names)), start.level, seed),
                              pace=s["pace"].value, seed=seed, clock=self.loop, start=start)
        self.show_session(session)

    def _checked_name(self) -> str | None:
        """The learner's name from the field, or None with a message beside the field.

        Spaces around the name are removed (the field then shows the name as used, and says
        so); a name with ``:`` or a line break, or longer than 40 characters, is refused
        with a message at the field — never a traceback (S-1 names)."""
        field = self.settings["name"]
        # invisible bidirectional controls go silently: an override would reverse the text around it
        raw = without_bidi_controls(field.value or "")
        name = raw.strip() or _("You")
        self.name_message.value = ""
        self.choices["name"] = raw.strip()
        if ":" in name or "\n" in name or "\r" in name:
            self.name_message.value = f"<span class='up-field-error' role='alert' style='color:#A3001B;font-weight:600'>{esc(_('A name may not contain “:” or a line break.'))}</span>"
            return None
        if len(name) > 40:
            self.name_message.value = f"<span class='up-field-error' role='alert' style='color:#A3001B;font-weight:600'>{esc(_('A name has at most 40 characters.'))}</span>"
            return None
        if name != raw and raw.strip():
            field.value = name
            self.name_message.value = f"<span class='up-stepno'>{esc(_('The spaces around your name were removed.'))}</span>"
        elif raw.strip() and field.value != name:
            field.value = name   # the controls removed: the field shows the name as used
        return name

    def start_game(self, game: Any, me: int, bots: dict[int, Any], *, pace: str = LEARNING, seed: int = 0) -> None:
        """Show `game` with the learner at seat `me` (tests and lessons use this directly)."""
        self.show_session(GameSession(game, me, bots, pace=pace, seed=seed, clock=self.loop))

    def show_session(self, session: GameSession) -> None:
        """Show the game of `session` (a new deal, a kept game resumed, or the same game
        after a language switch) and go on with it: the bots move until the learner may act
        (learning pace); the app is told (it keeps the game)."""
        if self.session is not None and self.session is not session:
            self.session.stop()
        self._hide_confirm()
        self.resume_box.layout.display = "none"
        self._resume = None
        self.board.close_picker()
        self.board.message.clear()
        self._rendered_version = None
        self.session = session
        session.on_change = self.errors.guard(self.render)
        session.on_error = self.errors.report
        self.settings_box.layout.display = "none"
        self.game_box.layout.display = ""
        if self.on_session is not None:
            self.on_session(session)
        session.settle()

    def offer_resume(self, resume: Callable[[], GameSession | None]) -> None:
        """Offer "Resume your game" / "New game" on the settings: `resume` rebuilds the kept
        game (None: it could not be, and the app says why)."""
        self._resume = resume
        self.resume_note.value = f"<p><b>{esc(_('Your last game is kept. Play on where you stopped, or start a new one.'))}</b></p>"
        self.resume_box.layout.display = ""

    def resume_kept(self) -> None:
        """The learner chose "Resume your game"."""
        resume, self._resume = self._resume, None
        self.resume_box.layout.display = "none"
        session = resume() if resume is not None else None
        if session is not None:
            self.show_session(session)

    def decline_resume(self) -> None:
        """The learner chose "New game": the settings, the kept game forgotten."""
        self._resume = None
        self.resume_box.layout.display = "none"
        if self.on_session is not None:
            self.on_session(None)

    def ask_new_game(self) -> None:
        """New game: at once when the round or match is over, else after a confirmation."""
        g = self.game
        if g is None or g.phase.is_over:
            self.show_settings()
            return
        self.confirm_box.layout.display = ""

    def _hide_confirm(self) -> None:
        self.confirm_box.layout.display = "none"

    def show_settings(self) -> None:
        """Back to the settings: the game ends (the app forgets it)."""
        self._hide_confirm()
        self.board.close_picker()
        ended = self.session
        if ended is not None:
            ended.stop()
        self.session = None
        self.settings_box.layout.display = ""
        self.game_box.layout.display = "none"
        if ended is not None and self.on_session is not None:
            self.on_session(None)

    # ------------------------------------------------------------------ moves

    def _on_move(self, move: Any) -> None:
        c = self.session
        if c is None:
            return
        try:
            c.submit(move)
        except IllegalMove as exc:
            self.board.message.show(explain(exc.refusal), "bad", exc.rule)  # the explanation carries the ruling note
            self.render()
            return
        self.board.message.clear()

    def _open_rule(self, rule_id: str) -> None:
        if self.on_rule is not None:
            self.on_rule(rule_id)

    def continue_(self) -> None:
        if self.controller is not None:
            self.controller.continue_()

    def start(self) -> None:
        if self.controller is not None:
            self.controller.start()

    def toggle_pause(self) -> None:
        c = self.controller
        if c is None:
            return
        if c.pace == PARTY:
            if c.paused:
                c.start()
            else:
                c.stop()
                self.render()
        else:
            self.board.message.show(_("Learning pace waits for you anyway: take your time."), "info")

    def undo(self) -> None:
        c = self.controller
        if c is None:
            return
        if c.pace != LEARNING:
            self.board.message.show(_("Moves can be taken back in learning pace only."), "info")
            return
        self.board.close_picker()  # a picker open for a card that may be back in the hand
        if not c.undo():
            self.board.message.show(_("There is no move of yours to take back."), "info")
        else:
            self.board.close_picker()
            self.board.message.show(_("Your last move is taken back."), "info")

    def hint(self) -> None:
        c = self.controller
        if c is None or c.is_over():
            return
        result = c.hint()
        if not result or result[0] is None:
            reason = result[1] if result else ""
            self.board.message.show(reason or _("Nothing to do right now: wait for your turn."), "info")
            return
        move, reason = result
        self.board.message.show(_("Hint: {reason}").format(reason=reason) if reason else
                                _("Hint: {move}.").format(move=move_advice(move, self._shown().names, self.me)), "info")

    def next_round(self) -> None:
        """Deal the next round (the controller's), or go back to the settings once the match
        is over."""
        g = self.game
        if g is None:
            return
        if g.phase is Phase.MATCH_OVER:
            self.show_settings()
            return
        c = self.controller
        if c is None:
            return  # a game always runs under its controller
        c.new_round()  # the controller's change redraws the page

    # ------------------------------------------------------------------ rendering

    def render(self) -> None:
        """Draw the page for the game as it stands, from one model of what the learner's
        seat sees (``table_state``: one ``Game.view_for``), which the board draws too."""
        c, g = self.controller, self.game
        if c is None or g is None:
            return
        state = table_state(g, self.me)
        view = state.view
        phase = view.phase
        self.board.game, self.board.me = g, self.me
        top = view.top_card
        fresh = top is not self._last_top and self._last_top is not None
        self._last_top = top
        # Point Taken: the count, then pick a player
        if phase is Phase.POINTING and c.pace == PARTY and self.board.pick.countdown_of != c.version_pointing():
            self._start_count()
        if phase is not Phase.POINTING:
            self.board.countdown = None
        # a picker opened on an earlier state (a card, a target) is stale once the game changes
        changed = getattr(self, "_rendered_version", c.version) != c.version
        if self.board.pick_kind and self.board.pick_kind != "point" and changed:
            self.board.close_picker()
        # a refusal ("it's not your turn") is about the table it was made on: once the game
        # has moved on it is stale, and wrong when the learner's turn has come
        if changed and self.board.message.kind == "bad":
            self.board.message.clear()
        self._rendered_version = c.version
        if self.me in state.waiting_for:
            if self.board.pick_kind != "point":
                self.board.open_point_picker()
            self.chance.value = (f'<div class="up-msg up-msg-chance"><b>3 · 2 · 1 — '
                                 f'{esc(_("point!"))}</b> {esc(_("Point Taken: click the player you point at."))}</div>')
        else:
            if self.board.pick_kind == "point":
                self.board.close_picker()
            said = chance_words(c)  # worded here, in the language shown: a switch words it again
            self.chance.value = f'<div class="up-msg up-msg-chance">{esc(said)}</div>' if said else ""
        self.board.render(g, self.me, fresh_top=fresh, state=state)
        self.log.render(c.events, view.names, self.me, new=c.new_events)
        # status line
        rs = view.rules.rule_set
        pace = _("learning pace") if c.pace == LEARNING else _("party pace")
        self.status.value = (f'<div class="up-stepno"><b style="font-size:16px;color:#1f2430">'
                             f'{phase_line(state)}</b> · '
                             f'{esc(_("Round {n}").format(n=view.round_number))} · '
                             f'{esc(_("UNO Party!") if rs == "party" else _("Classic UNO"))} · {esc(pace)} · '
                             f'{esc(_("match to {n}").format(n=view.rules.target_score))} · '
                             f'{esc(_("game #{seed}").format(seed=getattr(self, "seed", 0)))}</div>')
        # controls
        self.continue_button.layout.display = "" if (c.pace == LEARNING and c.chance) else "none"
        self.start_button.layout.display = "" if (c.pace == PARTY and not c.started) else "none"
        self.undo_button.layout.display = "" if c.pace == LEARNING else "none"
        self.pause_button.layout.display = "" if c.pace == PARTY and c.started else "none"
        self.pause_button.description = _("Resume") if c.paused else _("Pause")
        # round over
        if phase.is_over:
            self.scoring.value = self.scoring_html()
            self.next_round_button.description = _("New match") if phase is Phase.MATCH_OVER else _("Next round")
            self.round_box.layout.display = ""
            self.board.actions.layout.display = "none"
        else:
            self.round_box.layout.display = "none"
            self.board.actions.layout.display = ""

    def _start_count(self) -> None:
        """Party pace: the count 3-2-1 after a Point Taken (PT-3), drawn on the table."""
        c = self.controller
        if c is None:
            return  # no game is running: nothing to count down
        self.board.pick.countdown_of = c.version_pointing()
        step = max(0.25, 0.8 * min(1.0, c.scale()))
        self.board.countdown = 3

        def tick(n: int) -> None:
            if self.controller is not c or c.version_pointing() != self.board.pick.countdown_of:
                return
            self.board.countdown = n if n > 0 else None
            self.errors.guard(self.render)()

        for k, n in enumerate((2, 1, 0), 1):
            c.clock.call_later(step * k, tick, n)

    def _shown(self) -> Game:
        """The game being played (set when a game starts; the views that read it come after)."""
        if self.game is None:
            raise RuntimeError("no game has started yet")
        return self.game

    def scoring_html(self) -> str:
        """The round's end: who went out, what each hand was worth, the running totals."""
        g = self._shown()
        out = g.outcome()
        if out is None:
            return ""
        names = g.names
        rows = []
        for seat, name in enumerate(names):
            hand = g.hands[seat]
            cls = ' class="up-winner"' if seat == out.winner else ""
            shown = esc(_("You")) if seat == self.me else name_html(name)  # the learner's row: "you", in the language shown
            rows.append(f"<tr{cls}><td>{'★ ' if seat == out.winner else ''}{shown}</td>"
                        f"<td class='up-num'>{len(hand)}</td><td class='up-num'>{hand_points(hand)}</td>"
                        f"<td class='up-num'>{out.scores[seat]}</td></tr>")
        head = (f"<tr><th>{esc(_('Player'))}</th><th>{esc(_('Cards left'))}</th><th>{esc(_('Card points'))}</th>"
                f"<th>{esc(_('Total'))}</th></tr>")
        if out.blocked and out.winner == self.me:
            title = _("The round is blocked: you have the fewest points in hand and score {points}.").format(
                points=out.points)
        elif out.winner == self.me:
            title = ngettext("You win the round and score {points} point!", "You win the round and score {points} points!",
                             out.points).format(points=out.points)
        elif out.blocked:
            title = _("The round is blocked: {name} has the fewest points in hand and scores {points}.").format(
                name=name_text(names[out.winner]), points=out.points)
        else:
            title = ngettext("{name} wins the round and scores {points} point!", "{name} wins the round and scores {points} points!",
                             out.points).format(name=name_text(names[out.winner]),
                                                                                  points=out.points)
        match = ""
        if out.match_winner is not None:
            match = (f"<p><b>{esc(ngettext('{name} wins the match with {points} point!', '{name} wins the match with {points} points!', out.scores[out.match_winner]).format(name=name_text(names[out.match_winner]), points=out.scores[out.match_winner]))}</b></p>")
        else:
            match = f"<p>{esc(ngettext('The match goes on until someone reaches {n} point (R-4).', 'The match goes on until someone reaches {n} points (R-4).', g.rules.target_score).format(n=g.rules.target_score))}</p>"
        return (f"<h3>{esc(title)}</h3><table class='up-scores'>{head}{''.join(rows)}</table>"
                f"<p style='font-size:13px;color:#555'>{esc(_('Number cards score their number; Draw Two, Reverse and Skip 20; wild cards 50 (R-3).') if not g.rules.is_party else _('Number cards score their number; Draw Two, Reverse, Skip and Point Taken 20; wild cards 50 (R-3).'))}</p>{match}")
