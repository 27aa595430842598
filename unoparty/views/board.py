"""The board: the table, the learner's hand, the action buttons and the pickers.

The board turns clicks into moves and hands each move to ``on_move(move)`` — its owner's
controller (the game app) or the lesson player. It draws one model of what the seat sees,
made once per update (:class:`~unoparty.views.table.TableState`: the seat's
``game.view_for``, legal moves included): the legal moves raise playable cards and enable
buttons, and the clicks until the next update are read against it. For a card that cannot
be played it shows the engine's explanation (``game.why_illegal(move)``) and does nothing
else.

In *free* mode (a lesson task) every card and button can be clicked, legal or not: the
lesson checks the answer.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, Callable

import ipywidgets as w

from ..cards import Card, Colour
from ..engine import Phase
from ..engine.moves import (Accept, CallUno, Catch, Challenge, Draw, Keep, Play, PointAt, SpeedPlay,
                            TakeMiniPile)
from ..i18n import _
from ..refusal_words import explain
from ..narrate import seat_label
from . import svg
from ..session.board import BoardSession, Picker
from .common import MessageBox, button
from .markup import esc
from .table import HandView, TableState, TableView, table_state

if TYPE_CHECKING:
    from ..engine.moves import Move
    from ..game import Game

__all__ = ["Board"]

_ACTIVE_PHASES = (Phase.TURN, Phase.DRAWN, Phase.MINI_PILE)
# Free mode (a lesson task): the buttons each phase shows, legal for the seat or not (a
# wrong answer is the lesson's to explain).
_FREE_KINDS = {
    Phase.TURN: (Draw, CallUno, Catch),
    Phase.DRAWN: (Keep, CallUno, Catch),
    Phase.CHALLENGE: (Accept, Challenge, CallUno, Catch),
    Phase.MINI_PILE: (TakeMiniPile, CallUno, Catch),
    Phase.POINTING: (CallUno, Catch),
}


class Board:
    """Table + hand + actions for one learner seat.

    Attributes:
        table: :class:`TableView`. hand: :class:`HandView`. message: :class:`MessageBox`.
        draw_button, keep_button, uno_button, catch_button, accept_button,
        challenge_button, take_button: the action buttons.
        colour_buttons: dict Colour → button of the colour picker.
        picker_buttons: the buttons of the open player/choice picker.
        on_move: called with each move the learner makes.
        state: the :class:`TableState` drawn last (None before the first `render`).
        pick: the board's :class:`~unoparty.session.board.BoardSession` — the move being
            put together through the pickers, UNO armed, the count 3-2-1, the move kinds a
            lesson's task shows (``free``, ``uno_armed``, ``countdown``, ``shown_moves`` and
            ``pick_kind`` read it).
    """

    def __init__(self, *, free: bool = False) -> None:
        self.pick = BoardSession(free=free)   # the half-built move, the count, the task's kinds
        self.game: Game | None = None
        self.me: int = 0
        self.state: TableState | None = None
        self._hand_title: str | None = None
        self.on_move: Callable[[object], None] | None = None
        self.table = TableView()
        self.hand = HandView()
        self.message = MessageBox()
        self.table.on_seat = self._seat_clicked
        self.hand.on_card = self._card_clicked
        # free mode: kinds of move (Draw, Keep, …) whose buttons show whatever the phase

        self.draw_button = button(_("Draw a card"), "up-primary")
        self.keep_button = button(_("Keep it"))
        self.uno_button = button(_("UNO!"), "up-uno", tooltip=_("Call UNO (with one card, or as you play your next-to-last card)"))
        self.catch_button = button(_("Catch!"), "up-warn", tooltip=_("Catch a player who has one card and did not call UNO"))
        self.accept_button = button(_("Accept the draw"))
        self.challenge_button = button(_("Challenge!"), "up-warn")
        self.take_button = button(_("Take the mini pile"))
        self.draw_button.on_click(lambda _b: self._simple(Draw))
        self.keep_button.on_click(lambda _b: self._simple(Keep))
        self.accept_button.on_click(lambda _b: self._simple(Accept))
        self.challenge_button.on_click(lambda _b: self._simple(Challenge))
        self.take_button.on_click(lambda _b: self._simple(TakeMiniPile))
        self.uno_button.on_click(lambda _b: self._uno())
        self.catch_button.on_click(lambda _b: self._catch())
        self.action_buttons = [self.draw_button, self.keep_button, self.uno_button, self.catch_button,
                               self.accept_button, self.challenge_button, self.take_button]
        self.actions = w.HBox(list(self.action_buttons))
        self.actions.add_class("up-actions")

        self.colour_buttons: dict[Colour, w.Button] = {}
        for c in Colour:
            b = button(f"{svg.COLOUR_SHAPE[c]} {svg.colour_name(c).capitalize()}", "up-colourbtn")
            b.style.button_color = svg.COLOUR_FILL[c]
            b.style.text_color = "#1f2430" if c is Colour.YELLOW else "#ffffff"
            b.on_click(lambda _b, c=c: self._colour_picked(c))
            self.colour_buttons[c] = b
        self.picker_title = w.HTML()
        self.picker_buttons: list[w.Button] = []
        self.cancel_button = button(_("Cancel"))
        self.cancel_button.on_click(lambda _b: self.close_picker())
        self.picker = w.HBox([], layout=w.Layout(display="none"))
        self.picker.add_class("up-picker")
        self.box = w.VBox([self.table.box, self.picker, self.message.box, self.actions, self.hand.box])

    # ------------------------------------------------------------------ rendering

    def _shown(self) -> Game:
        """The game on the board (`render` sets it before any button can be pressed)."""
        if self.game is None:
            raise RuntimeError("the board shows no game yet: render one first")
        return self.game

    @property
    def pick_kind(self) -> str:
        """The picker open: ``"colour"``, ``"link"``, ``"swap"``, ``"catch"``, ``"point"``,
        ``"choice"``, or ``""`` when none is."""
        return self.pick.kind

    def _state(self) -> TableState:
        """The model drawn last, for a click (`render` comes before any button can be pressed)."""
        if self.state is None:
            raise RuntimeError("the board shows no game yet: render one first")
        return self.state

    def render(self, game: Game, me: int, *, fresh_top: bool = False, hand_title: str | None = None,
               state: TableState | None = None) -> None:
        """Draw the board for seat `me` of `game` (what that seat may know); `hand_title`
        replaces "Your hand" (a show for the class holds another player's hand). `state`:
        the model of this update when the caller has made it already (``table_state(game,
        me)``), else the board makes it."""
        self.game, self.me = game, me
        if state is None:
            state = table_state(game, me)
        if hand_title is not None:   # a show for the class: the seat is not the onlooker's own
            state = dataclasses.replace(state, mark_viewer=False)
        self.state, self._hand_title = state, hand_title
        self._draw(fresh_top)

    @property
    def free(self) -> bool:
        """A lesson's board: every card and button may be tried (the session's)."""
        return self.pick.free

    @property
    def uno_armed(self) -> bool:
        """UNO is called with the next card played (the session's)."""
        return self.pick.uno_armed

    @property
    def countdown(self) -> int | None:
        """The count 3-2-1 shown on the table (the session's; None: none)."""
        return self.pick.countdown

    @countdown.setter
    def countdown(self, n: int | None) -> None:
        self.pick.countdown = n

    @property
    def shown_moves(self) -> set[type]:
        """The move kinds a lesson's task needs: their buttons are shown (the session's)."""
        return self.pick.shown_moves

    @shown_moves.setter
    def shown_moves(self, kinds: set[type]) -> None:
        self.pick.shown_moves = set(kinds)

    def _draw(self, fresh_top: bool = False) -> None:
        """Draw `state` (the model made at the last `render`), the pickers' targets included."""
        state = self._state()
        me, names = self.me, state.view.names
        legal = state.legal_moves
        playable: set[Card] | None
        if self.pick.free:
            playable = None
        else:
            playable = {m.card for m in legal if isinstance(m, (Play, SpeedPlay))}
        targets: dict[int, str] = {}
        if self.pick.kind == "point":
            targets = {s: _("Point at {name}").format(name=names[s]) for s in range(state.n) if s != me}
        elif self.pick.kind == "catch":
            targets = {m.target: _("Catch {name}").format(name=names[m.target]) for m in self.pick.pending}
        elif self.pick.kind == "link":
            targets = {s: (_("Link yourself") if s == me else _("Link {name}").format(name=names[s]))
                       for s in range(state.n) if s != self.pick.link_first}
        elif state.phase is Phase.POINTING and me in state.waiting_for:
            targets = {s: _("Point at {name}").format(name=names[s]) for s in range(state.n) if s != me}
        self.table.render(state, targets=targets, countdown=self.pick.countdown, fresh_top=fresh_top)
        title = self._hand_title or _("Your hand")
        drawn = state.view.drawn_card
        if drawn is not None and state.phase is Phase.DRAWN:
            title = _("You drew the {card}: play it or keep it").format(card=svg.card_words(drawn))
        self.hand.render(state.hand, playable, title=title)
        self._enable_buttons(legal, state)

    def _enable_buttons(self, legal: Any, state: Any) -> None:
        kinds = legal_kinds = {type(m) for m in legal}
        if self.pick.free:
            for b in self.action_buttons:
                b.disabled = state.phase.is_over
            # only the buttons the phase allows (and those the task's answers need)
            kinds = set(_FREE_KINDS.get(state.phase, ())) | self.pick.shown_moves
            self.draw_button.layout.display = "" if Draw in kinds else "none"
            self.uno_button.layout.display = "" if CallUno in kinds else "none"
            self.catch_button.layout.display = "" if Catch in kinds else "none"
            # a phase in which nobody may draw (everyone pointing, a draw card to answer, a
            # mini pile): the button is greyed out as in a game, not offered as a live choice
            current = state.view.current
            if not state.phase.is_over and current is not None and \
                    self._shown().why_illegal(Draw(current)) is not None:
                self.draw_button.disabled = True
        else:
            self.draw_button.disabled = Draw not in kinds
            self.keep_button.disabled = Keep not in kinds
            self.accept_button.disabled = Accept not in kinds
            self.challenge_button.disabled = Challenge not in kinds
            self.take_button.disabled = TakeMiniPile not in kinds
            self.catch_button.disabled = Catch not in kinds
        two = len(state.hand) == 2 and any(isinstance(m, (Play, SpeedPlay)) and m.call_uno for m in legal)
        if not self.pick.free:
            self.uno_button.disabled = not (CallUno in kinds or two)
        self.keep_button.layout.display = "" if (Keep in kinds or self.pick.free and state.phase is Phase.DRAWN) else "none"
        self.accept_button.layout.display = "" if (Accept in kinds or self.pick.free and state.phase is Phase.CHALLENGE) else "none"
        self.challenge_button.layout.display = "" if (Challenge in legal_kinds or self.pick.free and self._challenge_open(state)) else "none"
        self.take_button.layout.display = "" if (TakeMiniPile in kinds or self.pick.free and state.phase is Phase.MINI_PILE) else "none"
        if not two and self.pick.uno_armed:
            self._set_armed(False)

    def _challenge_open(self, state: TableState) -> bool:
        """A challenge is a legal move now for the player answering the draw card (asked of
        the engine): a Wild Draw Four can be challenged (W-3), a Draw Two never, stacked or
        not (H-1) — so a lesson never offers a Challenge! button against a Draw Two."""
        answering = state.view.current
        if state.phase is not Phase.CHALLENGE or answering is None:
            return False
        return self._shown().why_illegal(Challenge(answering)) is None

    def _set_armed(self, armed: bool) -> None:
        self.pick.arm_uno(armed)
        if armed:
            self.uno_button.add_class("up-uno-armed")
            self.uno_button.description = _("UNO! (with your next play)")
        else:
            self.uno_button.remove_class("up-uno-armed")
            self.uno_button.description = _("UNO!")

    # ------------------------------------------------------------------ clicks → moves

    def _emit(self, move: Any) -> None:
        self.close_picker()
        if self.on_move is not None:
            self.on_move(move)

    def _simple(self, cls: Any) -> None:
        self._emit(cls(self.me))

    def _uno(self) -> None:
        hand = self._state().hand
        if len(hand) == 2 and not self.pick.free or (self.pick.free and len(hand) == 2):
            self._set_armed(not self.pick.uno_armed)
            self.message.show(_("UNO will be called as you play your next card.") if self.pick.uno_armed else "", "info")
            return
        self._emit(CallUno(self.me))

    def _catch(self) -> None:
        game = self._shown()
        if self.pick.free:
            options = [Catch(self.me, s) for s in range(game.n_players) if s != self.me]
        else:
            options = [m for m in self._state().legal_moves if isinstance(m, Catch)]
        if len(options) == 1:
            self._emit(options[0])
            return
        self.pick.pending = options
        self._open_players(_("Catch whom?"), [(m.target, m) for m in options], "catch")

    def _card_clicked(self, index: int, card: Card) -> None:
        game = self._shown()
        me = self.me
        self.close_picker()
        state = self._state()
        legal = [m for m in state.legal_moves if isinstance(m, (Play, SpeedPlay)) and m.card == card]
        if legal:
            self._choose(legal)
            return
        my_moment = state.view.current == me and state.phase in _ACTIVE_PHASES
        in_mini = state.phase is Phase.MINI_PILE
        if self.pick.free:
            base: Play | SpeedPlay
            if my_moment:
                base = Play(me, card)
            else:
                base = SpeedPlay(me, card, call_uno=self.pick.uno_armed)
            if isinstance(base, Play) and card.kind.takes_colour and not in_mini:
                self.pick.pending = [Play(me, card, colour=c, call_uno=self.pick.uno_armed) for c in Colour]
                self._open_colours(card)
                return
            if isinstance(base, Play) and self.pick.uno_armed:
                base = Play(me, card, call_uno=True)
            self._emit(base)
            return
        # not playable: explain, change nothing
        colour = Colour.RED if card.kind.takes_colour and not in_mini else None
        move = Play(me, card, colour=colour)
        refusal = game.why_illegal(move)
        if refusal is None:
            refusal = game.why_illegal(SpeedPlay(me, card))
        if refusal is not None:
            self.message.show(explain(refusal), "bad", refusal.rule)  # the explanation carries the ruling note
        else:
            from ..i18n import the_card_subject  # the card as the sentence's subject (nb "Den gule 3-eren …")
            text = _("{the_card} can't be played now.").format(the_card=the_card_subject(card))
            self.message.show(text[:1].upper() + text[1:], "bad")  # a sentence opens with a capital

    def _choose(self, moves: list[Any]) -> None:
        """Narrow candidate moves for one card by asking: colour, link, swap, doubles."""
        # the UNO call: keep the variant matching the armed button when both exist
        calls = {m.call_uno for m in moves}
        if len(calls) > 1:
            moves = [m for m in moves if m.call_uno == self.pick.uno_armed]
        colours = {getattr(m, "colour", None) for m in moves}
        if len(colours) > 1:
            self.pick.pending = moves
            self._open_colours(moves[0].card)
            return
        links = {getattr(m, "link", None) for m in moves}
        if len(links) > 1:
            self.pick.pending = moves
            self.pick.link_first = None
            self._open_players(_("Wild Drawn Together: pick the first player to link"),
                               [(s, None) for s in range(self._shown().n_players)], "link")
            return
        swaps = {getattr(m, "swap_with", None) for m in moves}
        if len(swaps) > 1:
            self.pick.pending = moves
            opts = [(m.swap_with, m) for m in moves if m.swap_with is not None]
            plain = [m for m in moves if m.swap_with is None]
            self._open_players(_("Seven-O: swap hands with someone?"), opts, "swap",
                               extra=[(_("No swap"), plain[0])] if plain else [])
            return
        twice = {getattr(m, "twice", False) for m in moves}
        if len(twice) > 1:
            self.pick.pending = moves
            one = [m for m in moves if not m.twice][0]
            two = [m for m in moves if m.twice][0]
            self._open_choices(_("Doubles: play one card or both?"),
                               [(_("Play one"), one), (_("Play both"), two)])
            return
        self._emit(moves[0])

    def _open_colours(self, card: Card) -> None:
        self.pick.open("colour")
        self.picker_title.value = f"<b>{esc(_('Pick a colour for the {card}').format(card=svg.card_words(card)))}</b>"
        self.picker.children = [self.picker_title, *self.colour_buttons.values(), self.cancel_button]
        self.picker.layout.display = ""

    def _colour_picked(self, colour: Colour) -> None:
        moves = [m for m in self.pick.pending if getattr(m, "colour", None) == colour]
        if not moves:
            return
        if len({getattr(m, "link", None) for m in moves}) > 1 or \
           len({getattr(m, "swap_with", None) for m in moves}) > 1 or \
           len({getattr(m, "twice", False) for m in moves}) > 1:
            self._choose(moves)
            return
        self._emit(moves[0])

    def _open_players(self, title: str, options: list[Any], kind: Picker, extra: list[Any] | None = None) -> None:
        self.pick.open(kind)
        names = self._shown().names
        self.picker_title.value = f"<b>{esc(title)}</b>"
        buttons = []
        for seat, move in options:
            label = seat_label(names, seat, self.me)  # "You" in the language shown, or "Mia (you)"
            b = button(label, "up-primary")
            b.on_click(lambda _b, seat=seat, move=move: self._player_picked(seat, move))
            buttons.append(b)
        for label, move in extra or []:
            b = button(label)
            b.on_click(lambda _b, move=move: self._emit(move))
            buttons.append(b)
        self.picker_buttons = buttons
        self.picker.children = [self.picker_title, *buttons, self.cancel_button]
        self.picker.layout.display = ""
        if self.state is not None:  # the seats' pick buttons: no new model, the game is as drawn
            self._draw()

    def _open_choices(self, title: str, options: list[Any]) -> None:
        self.pick.open("choice")
        self.picker_title.value = f"<b>{esc(title)}</b>"
        buttons = []
        for label, move in options:
            b = button(label, "up-primary")
            b.on_click(lambda _b, move=move: self._emit(move))
            buttons.append(b)
        self.picker_buttons = buttons
        self.picker.children = [self.picker_title, *buttons, self.cancel_button]
        self.picker.layout.display = ""

    def open_point_picker(self) -> None:
        """Point Taken (PT-3): pick a player to point at."""
        opts = [(s, PointAt(self.me, s)) for s in range(self._shown().n_players) if s != self.me]
        self._open_players(_("Point at a player"), opts, "point")

    def _player_picked(self, seat: int, move: Any) -> None:
        if self.pick.kind == "link":
            if self.pick.link_first is None:
                self.pick.link_first = seat
                n = self._shown().n_players
                title = (_("Link yourself with…") if seat == self.me
                         else _("Link {name} with…").format(name=self._shown().names[seat]))
                self._open_players(title, [(s, None) for s in range(n) if s != seat], "link")
                return
            pair = {self.pick.link_first, seat}
            moves = [m for m in self.pick.pending if m.link is not None and set(m.link) == pair]
            if not moves:
                self.message.show(_("Those two players can't be linked."), "bad", "LK-1")
                self.pick.link_first = None
                return
            self.pick.link_first = None
            self._emit(moves[0])
            return
        if move is None:
            return
        self._emit(move)

    def _seat_clicked(self, seat: int) -> None:
        kind = self.pick.kind
        if kind in ("link", "catch", "point", "swap"):
            move = None
            if kind == "catch":
                move = next((m for m in self.pick.pending if m.target == seat), None)
            elif kind == "point":
                move = PointAt(self.me, seat)
            elif kind == "swap":
                move = next((m for m in self.pick.pending if getattr(m, "swap_with", None) == seat), None)
            self._player_picked(seat, move)
            return
        # pointing without the picker open
        self._emit(PointAt(self.me, seat))

    def close_picker(self) -> None:
        self.pick.close()
        self.picker.layout.display = "none"
        self.picker.children = []
        self.picker_buttons = []
