"""The class's store behind the hub's store service (issue 22, docs/jupyterhub.md): the
service's rules over real HTTP (a tornado server on a free port, the hub's token → user
lookup replaced by a table), the kernel's backend against SQLite behind it, and what the
kernel does when the service is down or refuses."""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.helpers_process import free_port
from unoparty.hub_store import METHODS, HubServiceStore, StoreRefusal, StoreService
from unoparty.progress import SQLStore, StoreError, open_store
from unoparty.unsaved import KeptStore

PREFIX = "/services/unoparty-store/"
USERS = {
    "tok-ana": {"kind": "user", "name": "ana", "groups": ["class-5b"]},
    "tok-ben": {"kind": "user", "name": "ben", "groups": []},
    "tok-teacher": {"kind": "user", "name": "mme-roux", "groups": ["teachers"]},
    "tok-long": {"kind": "user", "name": "x" * 60, "groups": []},
    "tok-service": {"kind": "service", "name": "cull-idle"},
    # hub accounts named like Ben with an invisible or direction character (the hub keeps
    # each as a user of its own; the dummy login, or a login with sign-up, lets anyone make one)
    "tok-ben-rlo": {"kind": "user", "name": "ben\u202e", "groups": []},
    "tok-ben-zwsp": {"kind": "user", "name": "ben\u200b", "groups": []},
    "tok-ben-nfd": {"kind": "user", "name": "be\u0301n", "groups": []},
}


async def _resolve(token: str):
    return USERS.get(token)


@dataclass
class Running:
    """A store service running in a thread: its `url`, its `store`, `stop()`."""

    url: str
    store: object
    loop: asyncio.AbstractEventLoop
    thread: threading.Thread
    server: object

    def client(self, token: str, **kw) -> HubServiceStore:
        return HubServiceStore(self.url, token=token, api_url="", **kw)

    def stop(self) -> None:
        async def _close() -> None:
            self.server.stop()
            await self.server.close_all_connections()
        asyncio.run_coroutine_threadsafe(_close(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)


def start_service(store, port: int | None = None, resolve=_resolve, extra_routes=()) -> Running:
    """The service on 127.0.0.1:`port` (a free one by default), in a thread of its own."""
    from tornado.httpserver import HTTPServer
    port = port or free_port()
    ready = threading.Event()
    box: dict = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = StoreService(store, resolve).app(PREFIX)
        for pattern, handler in extra_routes:
            app.add_handlers(r".*", [(pattern, handler)])
        server = HTTPServer(app)
        server.listen(port, "127.0.0.1")
        box.update(loop=loop, server=server)
        ready.set()
        loop.run_forever()
        loop.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(30)
    return Running(f"http://127.0.0.1:{port}{PREFIX}", store, box["loop"], thread, box["server"])


@pytest.fixture
def service(tmp_path) -> Iterator[Running]:
    running = start_service(SQLStore(f"sqlite:///{tmp_path / 'class.sqlite3'}"))
    yield running
    running.stop()


def _post(url: str, body: bytes, token: str | None = "tok-ana") -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"token {token}"
    req = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


# ------------------------------------------------------------------------------- the rules


def test_a_learner_can_neither_read_nor_change_anothers_record(service) -> None:
    ben = service.client("tok-ben")
    ben.record_stars("ben", "speed-play", 2)
    ben.set_setting("ben", "pin", "pbkdf2$1$00$00")
    ana = service.client("tok-ana")
    for call in (lambda: ana.record_stars("ben", "speed-play", 3), lambda: ana.start_lesson("ben", "goal"),
                 lambda: ana.record_answer(" ben ", "goal", ["SP-4"], right=False),
                 lambda: ana.record_practice("ben", "SP-4", True), lambda: ana.set_setting("ben", "pin", "x"),
                 lambda: ana.add_learner("ben"), lambda: ana.stars("ben"), lambda: ana.lessons("ben"),
                 lambda: ana.rules("ben"), lambda: ana.practice("ben"), lambda: ana.settings("ben")):
        with pytest.raises(StoreRefusal) as refused:
            call()
        assert refused.value.status == 403 and refused.value.code == "not-yours"
        assert "ben" in str(refused.value) and "ana" in str(refused.value)
    assert service.store.stars("ben") == {"speed-play": 2}          # unchanged
    assert service.store.settings("ben") == {"pin": "pbkdf2$1$00$00"}
    assert [r.learner for r in service.store.lessons()] == ["ben"]   # nothing added for ana either
    # her own record is hers: a name typed with other spaces is the same learner
    assert ana.record_stars("  ana ", "goal", 3) == 3 and ana.stars("ana") == {"goal": 3}


@pytest.mark.parametrize("token", ["tok-ben-rlo", "tok-ben-zwsp"])
def test_a_hub_account_named_like_a_classmate_does_not_reach_their_record(service, token) -> None:
    """Issue 22, found by deploy/hub_attack_trial.py: the hub account "ben" + U+202E was
    normalised to "ben" by the service and read and changed Ben's record. A hub name the
    store would change is no learner's name: refused, with a sentence that shows the
    character."""
    service.client("tok-ben").record_stars("ben", "speed-play", 2)
    lookalike = service.client(token)
    for call in (lambda: lookalike.stars("ben"), lambda: lookalike.record_stars("ben", "speed-play", 0),
                 lambda: lookalike.settings("ben"), lambda: lookalike.sign_in("k" * 24, "ben"),
                 lambda: lookalike.stars(USERS[token]["name"])):
        with pytest.raises(StoreRefusal) as refused:
            call()
        assert refused.value.code == "no-name" and "\\u20" in str(refused.value), str(refused.value)
    assert service.store.stars("ben") == {"speed-play": 2}


def test_the_app_under_the_hub_does_not_greet_a_look_alike_hub_name_as_the_classmate(service, monkeypatch) -> None:
    """The page of the hub account "ben" + U+202E is not Ben's: the hub's name is not taken
    as the learner's (it would be normalised to "ben"), so nothing is greeted or read."""
    from unoparty.progress import hub_learner_name
    from unoparty.views.app import App
    assert hub_learner_name("ben") == "ben" and hub_learner_name("mme-roux") == "mme-roux"
    assert hub_learner_name("ben\u202e") is hub_learner_name("ben\u200b") is hub_learner_name("be\u0301n") is None
    service.client("tok-ben").record_stars("ben", "speed-play", 2)
    monkeypatch.setenv("JUPYTERHUB_USER", "ben\u202e")
    app = App(lang="en", store=service.client("tok-ben-rlo"))
    assert app.learner is None and not app.learner_picker.fixed
    assert "Hello" not in app.learner_picker.message.value


def test_a_learner_cannot_list_the_class_reset_or_try_the_teachers_code(service) -> None:
    service.store.record_stars("ben", "goal", 1)
    ana = service.client("tok-ana")
    ana.record_stars("ana", "goal", 2)
    for call in (ana.learners, ana.lessons, ana.rules, lambda: ana.reset_learner("ana"),
                 lambda: ana.reset_learner("ben"), lambda: ana.delete_learner("ben"),
                 lambda: ana.set_class_setting("list-names", "1"),
                 lambda: ana.code_attempt({"teacher": 10}, True), lambda: ana._put_meta("x", "1"),
                 lambda: ana._set_meta("imported:x", "1"), lambda: ana._meta("last-learner")):
        with pytest.raises(StoreRefusal) as refused:
            call()
        assert refused.value.code == "teachers-only" and "teachers" in str(refused.value)
    assert service.store.learners() == ["ana", "ben"] and service.store.stars("ana") == {"goal": 2}
    assert service.store.class_setting("list-names") is None
    # the class's settings are read by every learner's page (list-names, pins, curriculum)
    service.store.set_class_setting("pins", "1")
    assert ana.class_setting("pins") == "1" and ana.class_setting("curriculum", "all") == "all"
    assert ana._meta("class:pins") == "1"


def test_a_teacher_can_read_and_change_the_class(service) -> None:
    service.client("tok-ana").record_answer("ana", "goal", ["SP-4"], right=False)
    teacher = service.client("tok-teacher")
    teacher.record_stars("ben", "goal", 1)
    assert teacher.learners() == ["ana", "ben"]
    assert [(r.learner, r.lesson, r.mistakes) for r in teacher.lessons()] == [("ana", "goal", 1), ("ben", "goal", 0)]
    assert [(r.learner, r.rule) for r in teacher.rules()] == [("ana", "SP-4")]
    teacher.set_setting("ana", "pin", "")                    # the teacher resets a PIN
    teacher.reset_learner("ana")
    teacher.delete_learner("ben")
    teacher.set_class_setting("list-names", "1")
    assert teacher.code_attempt({"teacher": 10, "teacher:page:1": 5}, False, now=1000.0) == 0.0
    assert service.store.learners() == ["ana"] and service.store.lessons() == []
    assert service.store.class_setting("list-names") == "1" and service.store.settings("ana") == {"pin": ""}


def test_a_bad_token_or_none_is_refused(service) -> None:
    for token, code in (("tok-nobody", "bad-token"), ("", "no-token")):
        with pytest.raises(StoreRefusal) as refused:
            service.client(token).stars("ana")
        assert refused.value.status == 403 and refused.value.code == code
    status, answer = _post(service.url + "api/stars", b'{"learner": "ana"}', token=None)
    assert status == 403 and answer["error"] == "no-token" and "JUPYTERHUB_API_TOKEN" in answer["message"]
    # a service's token is nobody's record; a hub name the store cannot keep has none
    for token in ("tok-service", "tok-long"):
        with pytest.raises(StoreRefusal):
            service.client(token).record_stars("cull-idle", "goal", 1)
    assert service.store.learners() == []


def test_bad_requests_get_a_sentence_and_the_service_goes_on(service) -> None:
    url = service.url + "api/"
    for path, body, status, code in (
            ("stars", b"{not json", 400, "bad-body"), ("stars", b"[1, 2]", 400, "bad-body"),
            ("stars", b'{"learner": 3}', 400, "bad-argument"), ("stars", b"{}", 400, "bad-argument"),
            ("stars", b'{"learner": "ana", "extra": 1}', 400, "bad-argument"),
            ("record_stars", b'{"learner": "ana", "lesson": "goal", "stars": "3"}', 400, "bad-argument"),
            ("record_stars", b'{"learner": "ana", "lesson": "goal", "stars": true}', 400, "bad-argument"),
            ("record_practice", b'{"learner": "ana", "rule": "SP-4", "right": true, "at": 1e999}', 400, "bad-argument"),
            ("stars", json.dumps({"learner": "a" * 41}).encode(), 400, "bad-argument"),
            ("stars", b'{"learner": "   "}', 400, "bad-argument"),
            ("drop_tables", b"{}", 404, "unknown-method"), ("__init__", b"{}", 404, "unknown-method"),
            ("save_session", b'{"key": "short", "kind": "game", "state": {}}', 400, "bad-argument"),
            ("stars", "\xff".encode("latin-1"), 400, "bad-body")):
        got, answer = _post(url + path, body)
        assert (got, answer["error"]) == (status, code), (path, body, answer)
        assert answer["message"].endswith(".") and len(answer["message"]) > 30
    assert service.client("tok-ana").record_stars("ana", "goal", 1) == 1   # still answering


def test_the_stores_own_error_is_503_with_its_sentence_and_is_kept_by_the_kernel(tmp_path) -> None:
    class Failing(SQLStore):
        def record_stars(self, learner, lesson, stars):
            raise StoreError("the progress database refused a change: disk I/O error")

        def practice(self, learner):
            raise ZeroDivisionError("a bug")

    running = start_service(Failing(f"sqlite:///{tmp_path / 'c.sqlite3'}"))
    try:
        status, answer = _post(running.url + "api/record_stars", b'{"learner": "ana", "lesson": "g", "stars": 2}')
        assert status == 503 and answer["message"] == "the progress database refused a change: disk I/O error"
        kept = KeptStore(running.client("tok-ana"), retry_every=0)
        assert kept.record_stars("ana", "g", 2) == 2 and len(kept.pending) == 1   # kept, tried again later
        with pytest.raises(StoreError) as failed:    # a bug in the store: 500, the service goes on
            running.client("tok-ana").practice("ana")
        assert not isinstance(failed.value, StoreRefusal) and "log" in str(failed.value)
        assert running.client("tok-ana").settings("ana") == {}
    finally:
        running.stop()


# ------------------------------------------------------------------------------- the kernel's side


def test_the_kernel_backend_round_trips_every_store_method(service) -> None:
    """Every method of the Store API through the service gives what SQLite gives directly."""
    direct = open_store("sqlite://")
    teacher = service.client("tok-teacher")
    ana = service.client("tok-ana")
    for store, me in ((direct, direct), (teacher, ana)):
        assert me.add_learner(" ana ") == "ana"
        me.start_lesson("ana", "speed-play")
        me.record_answer("ana", "speed-play", ["SP-4", "T-1"], right=False)
        me.record_answer("ana", "", ["T-1"], right=True)
        assert me.record_stars("ana", "speed-play", 2) == 2 and me.record_stars("ana", "speed-play", 1) == 2
        me.record_practice("ana", "SP-4", False, at=1700000000.25)
        me.record_practice("ana", "T-1", True, at=1700000001.5)
        me.set_setting("ana", "language", "fr")
        store.record_stars("ben", "goal", 3)
        store.set_class_setting("curriculum", "short")
        assert store._set_meta("imported:x", "1") is True and store._set_meta("imported:x", "2") is False
        store._put_meta("note", "n")
    for a, b in ((direct, teacher), (direct, ana)):
        assert a.stars("ana") == b.stars("ana") == {"speed-play": 2}
        assert a.lessons("ana") == b.lessons("ana") and a.rules("ana") == b.rules("ana")
        assert a.practice("ana") == b.practice("ana") and len(b.practice("ana")) == 2
        assert a.settings("ana") == b.settings("ana") and b.setting("ana", "language") == "fr"
        assert b.class_setting("curriculum") == "short"
    assert direct.learners() == teacher.learners() == ["ana", "ben"]
    assert direct.lessons() == teacher.lessons() and direct.rules() == teacher.rules()
    assert teacher._meta("note") == "n" and teacher._meta("imported:x") == "1"
    for s in (direct, teacher):
        assert s.code_attempt({"t": 1}, False, now=100.0) == 0.0
        assert s.code_attempt({"t": 1}, None, now=110.0) == pytest.approx(50.0)
        s.set_class_setting("curriculum", None)
        s.reset_learner("ana")
        s.delete_learner("ben")
    assert teacher.class_setting("curriculum") is None and teacher.learners() == ["ana"]
    assert teacher.lessons("ana") == [] and teacher.practice("ana") == []
    # every method the service offers is one of the kernel's, and every method of the Store
    # protocol is offered (or built on those that are)
    assert {m for m in METHODS if not hasattr(HubServiceStore, m)} == {"meta", "set_meta", "put_meta"}
    from unoparty.progress import Store
    built_on_others = {"setting"}
    public = {m for m in vars(Store) if not m.startswith("_") and callable(getattr(Store, m))}
    assert public - set(METHODS) == built_on_others


KEY_A = "browserKeyOfTheClassRoom01"   # one browser's session key (22–64 URL-safe characters)


def test_session_keys_are_kept_under_the_callers_own_name(service) -> None:
    """The same browser key sent by two hub users names two keys in the store; sign_in signs
    in only as the caller; the work of a key signed in as nobody moves to that caller."""
    ana, ben, teacher = (service.client(t) for t in ("tok-ana", "tok-ben", "tok-teacher"))
    assert ana.learner_for_key(KEY_A) is None
    ana.save_session(KEY_A, "game", {"seed": 7, "moves": ["R5"]})
    assert ana.load_session(KEY_A, "game") == {"seed": 7, "moves": ["R5"]}
    assert ben.load_session(KEY_A, "game") is None and teacher.load_session(KEY_A, "game") is None
    assert ana.record_stars_for_key(KEY_A, "goal", 2) == 2
    ana.start_lesson_for_key(KEY_A, "goal")
    ana.record_answer_for_key(KEY_A, "goal", ["SP-4"], right=False)
    ana.record_practice_for_key(KEY_A, "SP-4", True, at=1700000000.0)
    assert ana.stars_for_key(KEY_A) == {"goal": 2} and len(ana.practice_for_key(KEY_A)) == 1
    assert ben.stars_for_key(KEY_A) == {} and ben.practice_for_key(KEY_A) == []
    for client, name in ((ana, "ben"), (teacher, "ana"), (ben, "ana")):
        with pytest.raises(StoreRefusal) as refused:
            client.sign_in(KEY_A, name)
        assert refused.value.code == "not-yours"
    assert service.store.learners() == []
    assert ana.sign_in(KEY_A, " ana ") == "ana" and ana.learner_for_key(KEY_A) == "ana"
    assert ben.learner_for_key(KEY_A) is None
    assert service.store.stars("ana") == {"goal": 2} and len(service.store.practice("ana")) == 1  # moved
    assert ana.load_session(KEY_A, "game") == {"seed": 7, "moves": ["R5"]}
    ana.save_session(KEY_A, "game", None)
    assert ana.load_session(KEY_A, "game") is None
    ana.sign_out(KEY_A)
    assert ana.learner_for_key(KEY_A) is None and service.store.stars("ana") == {"goal": 2}
    # the raw key is nowhere in the store: another user could not reach it by sending it
    assert service.store.learner_for_key(KEY_A) is None and service.store.load_session(KEY_A, "game") is None
    for bad in (lambda: ana.save_session("short", "game", {}), lambda: ana.load_session(KEY_A, "chess"),
                lambda: ana.save_session(KEY_A, "game", {"big": "x" * 1_000_001})):
        with pytest.raises(StoreError):
            bad()
    for body in (b'{"key": "browserKeyOfTheClassRoom01", "kind": "chess"}',
                 json.dumps({"key": KEY_A, "kind": "game", "state": {"big": "x" * 1_000_001}}).encode(),
                 json.dumps({"key": KEY_A, "kind": "game", "state": [1]}).encode()):
        status, answer = _post(service.url + "api/save_session" if b"state" in body else
                               service.url + "api/load_session", body)
        assert status == 400 and answer["error"] == "bad-argument"


def test_the_store_down_raises_store_error_and_the_answer_is_kept(tmp_path) -> None:
    store = SQLStore(f"sqlite:///{tmp_path / 'c.sqlite3'}")
    port = free_port()
    kept = KeptStore(HubServiceStore(f"http://127.0.0.1:{port}{PREFIX}", token="tok-ana", timeout=5),
                     retry_every=0)
    with pytest.raises(StoreError) as down:
        kept.store.stars("ana")
    assert not isinstance(down.value, StoreRefusal) and f"127.0.0.1:{port}" in str(down.value)
    assert kept.record_stars("ana", "goal", 2) == 2          # kept: the page shows it meanwhile
    kept.record_practice("ana", "SP-4", False)
    assert len(kept.pending) == 2 and kept.stars("ana") == {"goal": 2}
    running = start_service(store, port)
    try:
        assert kept.retry() and kept.pending == []
        assert kept.retry()
        assert store.stars("ana") == {"goal": 2} and len(store.practice("ana")) == 1   # each once
    finally:
        running.stop()


def test_a_refused_change_is_not_kept_and_does_not_stop_the_others(service) -> None:
    kept = KeptStore(service.client("tok-ana"), retry_every=0)
    with pytest.raises(StoreRefusal):
        kept.record_stars("ben", "goal", 3)
    assert kept.pending == []
    kept.record_stars("ana", "goal", 1)
    assert service.store.stars("ana") == {"goal": 1} and service.store.stars("ben") == {}


def test_refusals_are_worded_in_the_pages_language(service) -> None:
    from unoparty.i18n import set_language
    try:
        set_language("fr")
        with pytest.raises(StoreRefusal) as refused:
            service.client("tok-ana").learners()
    finally:
        set_language("en")
    assert "groupe" in str(refused.value) and "teachers" in str(refused.value)


def test_open_store_finds_the_service_by_name_through_the_hub(tmp_path, monkeypatch) -> None:
    """``UNOPARTY_DB=hub-service:unoparty-store``: the kernel asks the hub's API where the
    service is (``GET /hub/api/services/unoparty-store`` with its own token)."""
    from tornado.web import RequestHandler
    seen = []
    box = {}

    class ServiceModel(RequestHandler):
        def get(self, name):
            seen.append((name, self.request.headers.get("Authorization")))
            if name != "unoparty-store":
                self.set_status(404)
                return self.finish("{}")
            self.finish({"name": name, "url": box["origin"], "prefix": PREFIX})

    port = free_port()
    box["origin"] = f"http://127.0.0.1:{port}"
    running = start_service(SQLStore(f"sqlite:///{tmp_path / 'c.sqlite3'}"), port,
                            extra_routes=[(r"/hub/api/services/([^/]+)", ServiceModel)])
    try:
        monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "tok-ana")
        monkeypatch.setenv("JUPYTERHUB_API_URL", f"http://127.0.0.1:{port}/hub/api")
        monkeypatch.setenv("UNOPARTY_DB", "hub-service:unoparty-store")
        store = open_store()
        assert isinstance(store, HubServiceStore) and open_store() is store
        assert store.record_stars("ana", "goal", 2) == 2 and running.store.stars("ana") == {"goal": 2}
        assert store.base_url() == running.url and seen == [("unoparty-store", "token tok-ana")]
        with pytest.raises(StoreRefusal) as unknown:
            HubServiceStore("another", token="tok-ana", api_url=f"http://127.0.0.1:{port}/hub/api").stars("ana")
        assert "read:services!service=another" in str(unknown.value)
        with pytest.raises(StoreRefusal) as outside:
            HubServiceStore("unoparty-store", token="", api_url="").stars("ana")
        assert "JUPYTERHUB_API_TOKEN" in str(outside.value)
    finally:
        running.stop()


def test_the_hubs_answer_decides_and_a_hub_that_cannot_be_asked_is_503(tmp_path) -> None:
    """:func:`unoparty.hub_store.hub_resolver` over JupyterHub's HubAuth (here a stand-in):
    an unknown token is refused, a token without the service's scope too, and a hub that
    does not answer leaves the change kept for later (503, not a refusal)."""
    from tornado.web import HTTPError

    from unoparty.hub_store import hub_resolver

    class FakeHubAuth:
        access_scopes = {"access:services!service=unoparty-store"}
        down = False

        async def user_for_token(self, token, sync=True):
            if self.down:
                raise HTTPError(500, "Failed to connect to Hub API")
            scopes = [] if token == "tok-noscope" else ["access:services!service=unoparty-store"]
            return {"tok-ana": {"name": "ana", "groups": [], "scopes": scopes},
                    "tok-noscope": {"name": "ana", "groups": [], "scopes": scopes}}.get(token)

        def check_scopes(self, required, model):
            return set(required) & set(model["scopes"])

    hub = FakeHubAuth()
    running = start_service(SQLStore(f"sqlite:///{tmp_path / 'c.sqlite3'}"), resolve=hub_resolver(hub))
    try:
        assert running.client("tok-ana").record_stars("ana", "goal", 1) == 1
        for token in ("tok-noscope", "tok-nobody"):
            with pytest.raises(StoreRefusal) as refused:
                running.client(token).stars("ana")
            assert refused.value.code == "bad-token"
        hub.down = True
        kept = KeptStore(running.client("tok-ana"), retry_every=0)
        kept.record_stars("ana", "goal", 3)
        assert len(kept.pending) == 1
        hub.down = False
        assert kept.retry() and running.store.stars("ana") == {"goal": 3}
    finally:
        running.stop()


def test_the_service_refuses_to_stand_in_front_of_itself(capsys) -> None:
    from unoparty.hub_store import main
    assert main(["--db", "hub-service:unoparty-store"]) == 2
    assert "must be the database itself" in capsys.readouterr().err


def test_a_hub_learners_page_with_the_class_list_on_asks_for_no_list(service) -> None:
    """Under JupyterHub the learner's name is the hub's (nothing to pick): with the teacher's
    setting list-names on, the page does not ask the service for the class's names (which
    the service refuses a learner) and greets the learner."""
    from unoparty.views.learner import LearnerPicker
    service.store.set_class_setting("list-names", "1")
    picker = LearnerPicker(service.client("tok-ana"), current="ana", fixed=True)
    assert "Hello <bdi>ana</bdi>" in picker.message.value and "teachers" not in picker.message.value
    assert picker.name_field.options == ()


def test_a_kept_change_refused_when_tried_again_is_dropped_and_the_next_lands() -> None:
    """KeptStore's retry: a change the service later refuses for good (the token lost its
    scope, say) is dropped (and logged), so the changes kept after it still land."""
    inner = open_store("sqlite://")

    class Flaky(type(inner)):  # the first try fails, the next one is refused
        tries = 0

        def record_stars(self, learner, lesson, stars):
            Flaky.tries += 1
            if Flaky.tries == 1:
                raise StoreError("the store service cannot be reached just now")
            if lesson == "refused":
                raise StoreRefusal("refused", 403, "bad-token")
            return super().record_stars(learner, lesson, stars)

    store = Flaky("sqlite://")
    kept = KeptStore(store, retry_every=0)
    kept.record_stars("ana", "refused", 3)
    assert len(kept.pending) == 1
    kept.record_stars("ana", "goal", 2)     # tries the kept one first: refused now, dropped
    assert kept.pending == [] and store.stars("ana") == {"goal": 2} and Flaky.tries == 3


def test_the_teachers_page_through_the_service_opens_for_the_teachers_group_only(service) -> None:
    """The teacher's page keeps asking for its code; behind it, the service lets only the
    hub's group teachers count the code's tries and read the class."""
    from unoparty.views.teacher import TeacherPage
    service.client("tok-ana").record_stars("ana", "goal", 2)
    teacher = TeacherPage(service.client("tok-teacher"), code="owl-42")
    assert not teacher.unlock("wrong") and teacher.unlock("owl-42")
    assert "ana" in teacher.table.value
    learner = TeacherPage(service.client("tok-ana"), code="owl-42")
    assert not learner.unlock("owl-42") and not learner.is_open   # even with the right code
    assert "teachers" in learner.message.value and "ana" not in learner.table.value


def test_the_teachers_code_goes_to_the_teachers_servers_only() -> None:
    """``c.Spawner.environment = {"UNOPARTY_TEACHER_CODE": teachers_only(code)}``: JupyterHub
    calls the entry with each server's spawner; a learner's server gets no code."""
    from types import SimpleNamespace

    from unoparty.hub_store import teachers_only
    entry = teachers_only("owl-42")
    spawner = lambda *groups: SimpleNamespace(user=SimpleNamespace(groups=[SimpleNamespace(name=g) for g in groups]))
    assert entry(spawner("teachers")) == "owl-42" and entry(spawner("class-5b", "teachers")) == "owl-42"
    assert entry(spawner()) == entry(spawner("class-5b")) == entry(SimpleNamespace()) == ""
    assert teachers_only("owl-42", group="staff")(spawner("staff")) == "owl-42"


def test_live_tables_are_refused_through_the_store_service_and_the_page_says_so(tmp_path, monkeypatch) -> None:
    """Under JupyterHub with the store service (``UNOPARTY_DB=hub-service:…``) the table log
    took the URL for an SQLite file of that name in each server's folder, so classmates on
    different servers never met at a table: the log now refuses it, the Play together page
    says so in one sentence and offers the game against bots, and no file is made."""
    from unoparty.progress.table_log import Problem, TableError, TableLog, tables_supported
    from unoparty.views.app import App
    monkeypatch.chdir(tmp_path)
    for url in ("hub-service:unoparty-store", "hub-service:http://hub:10101/services/unoparty-store/"):
        assert not tables_supported(url)
        with pytest.raises(TableError) as refused:
            TableLog(url)
        assert refused.value.problem is Problem.NO_TABLES
    assert all(tables_supported(u) for u in (f"sqlite://{tmp_path / 'c.sqlite3'}", str(tmp_path / "c.sqlite3"),
                                             "postgresql://u@h/db", "postgres://u@h/db", "sqlite://"))
    monkeypatch.setenv("UNOPARTY_DB", "hub-service:unoparty-store")
    app = App()
    app.show_table()
    shown = app.content.children[0]
    assert "up-no-server" in shown._dom_classes
    assert "JupyterHub&#x27;s store service" in shown.children[0].value
    assert list(tmp_path.iterdir()) == []
