"""The app's first page is cheap to send (issue 13): every widget is one comm message to the
browser, and on a busy server those messages decided how long a learner waited. The
landing page shares one layout and one style among its repeated widgets, builds the game,
practice, rules and classroom pages only when they are first opened, and going back Home
sends updates, not the page again."""

from __future__ import annotations

from collections import Counter

import comm
import pytest
from comm.base_comm import BaseComm

from unoparty.i18n import set_language
from unoparty.views.app import App

pytestmark = pytest.mark.comms  # the messages a page is sent: widgets with their comms (tests/conftest.py)


class CountingComm(BaseComm):
    """A comm that counts what it would send to the browser."""

    sent: Counter = Counter()

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys) -> None:
        CountingComm.sent[msg_type] += 1


@pytest.fixture
def sent(monkeypatch) -> Counter:
    CountingComm.sent = Counter()
    monkeypatch.setattr(comm, "create_comm", lambda *a, **k: CountingComm(*a, **k))
    yield CountingComm.sent
    set_language("en")


def test_the_landing_page_sends_fewer_than_half_the_messages_it_used_to(sent) -> None:
    app = App()
    assert app.page == "home" and len(app.lesson_buttons) >= 10
    # 372 widget models and 55 updates before; about 170 and 10 now
    assert sent["comm_open"] + sent["comm_msg"] <= 215, sent
    # pages not shown yet are not built
    assert app._game is None and app._rules is None and app._practice is None
    assert app._scenarios is None and app._teacher is None


def test_going_back_home_sends_no_new_widget_and_keeps_the_stars_current(sent) -> None:
    app = App()
    first = app.lesson_buttons[next(iter(app.lesson_buttons))]
    app.show_rules()
    sent.clear()
    app.show_home()
    assert sent["comm_open"] == 0, sent
    assert app.lesson_buttons[next(iter(app.lesson_buttons))] is first
    lesson_id = next(iter(app.lesson_stars))
    app.progress.record(lesson_id, 2)
    app.show_home()
    assert 'aria-label="2 of 3 stars"' in app.lesson_stars[lesson_id].value
    assert sent["comm_open"] == 0, sent


def test_a_new_language_builds_the_landing_page_again_in_it(sent) -> None:
    app = App(lang="en")
    before = app.lesson_buttons
    app.set_language("fr")
    assert app.page == "home" and app.lesson_buttons is not before
    assert app.play_button.description != "Play against bots"


def test_a_preheated_app_is_built_before_the_request_then_follows_its_language(sent, monkeypatch) -> None:
    from unoparty.i18n import _, available_languages, language

    if "fr" not in available_languages():
        pytest.fail("the French catalogue is missing (make catalogues)")
    for name in ("QUERY_STRING", "HTTP_ACCEPT_LANGUAGE", "UNOPARTY_LANG"):
        monkeypatch.delenv(name, raising=False)
    opened_before_the_request = []

    def request_environ() -> dict[str, str]:  # a preheated kernel waits here for the page's request
        opened_before_the_request.append(sent["comm_open"])
        return {"QUERY_STRING": "", "HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9,en;q=0.5"}

    monkeypatch.setattr("unoparty.views.language.request_environ", request_environ)
    app = App()
    assert opened_before_the_request[0] >= 100  # the landing page was built already
    assert language() == "fr" and app.language.value == "fr"
    assert app.play_button.description == _("Play against bots") != "Play against bots"
    assert app.progress.language is None  # the browser's language is not a choice to remember


def test_a_preheated_kernel_builds_the_game_page_before_the_request(sent, monkeypatch) -> None:
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setattr("unoparty.views.language.request_environ",
                        lambda: {"QUERY_STRING": "", "HTTP_ACCEPT_LANGUAGE": "en-GB"})
    app = App()
    assert app._game is not None and app.page == "home"
    sent.clear()
    app.nav_buttons["game"].click()
    assert app.page == "game" and sent["comm_open"] == 0, sent
