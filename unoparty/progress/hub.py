"""The kernel's side of the class's store behind the hub's store service (issue 22,
docs/jupyterhub.md): ``UNOPARTY_DB=hub-service:unoparty-store`` (or ``hub-service:URL``)
opens a :class:`HubServiceStore`, whose every method is one request to the service
(:mod:`unoparty.hub_store`, run by the hub, the only holder of the database's URL) with the
server's own token (``JUPYTERHUB_API_TOKEN``).

This module also holds what both sides share: the methods the service offers and the rule
each falls under (:data:`METHODS`; the rules themselves: :func:`unoparty.hub_store.authorise`)
and the sentences of the service's answers (:func:`sentence`), worded by the kernel in the
page's language.

A service, hub or network that fails raises :class:`~unoparty.progress.StoreError`, so the
page keeps the answers and tries them again (:mod:`unoparty.unsaved`); a request the
service refuses raises :class:`StoreRefusal` (trying again would not help).
"""

from __future__ import annotations

import json
import os
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .protocol import Store
from .records import (LessonRecord, PracticeAnswer, RuleRecord, StoreError, check_key, check_kind,
                      normalise_name, session_text)

__all__ = ["SERVICE_NAME", "TEACHERS", "SCHEME", "METHODS", "Method", "StoreRefusal", "HubServiceStore", "sentence",
           "OWN", "CLASS", "OWN_OR_CLASS", "ANYONE", "META", "KEY"]

SERVICE_NAME = "unoparty-store"   # the service's name in the hub (c.JupyterHub.services)
TEACHERS = "teachers"             # the hub's group whose members may read and change the class
SCHEME = "hub-service:"           # UNOPARTY_DB=hub-service:NAME or hub-service:URL
TIMEOUT = 15.0                    # seconds the kernel waits for one answer
# -------------------------------------------------------------------------------- the methods

OWN = "own"                   # every learner named is the caller (a teacher may name anyone)
CLASS = "class"               # the group teachers only
OWN_OR_CLASS = "own-or-class"  # a learner named: OWN; none (the whole class): CLASS
ANYONE = "anyone"             # every signed-in user (reading the class's settings)
META = "meta"                 # a key "class:…" for anyone, any other key for teachers only
KEY = "key"                   # the session key is kept under the caller's own name


@dataclass(frozen=True)
class Method:
    """One method of the store as the service offers it: its rule, its arguments
    (``(name, kind, required)``; kinds are checked by :func:`_check`), the store's method
    it calls and the kind of its result."""

    rule: str
    args: tuple[tuple[str, str, bool], ...]
    call: str
    result: str = "json"


def _m(rule: str, *args: tuple[str, str, bool], call: str = "", result: str = "json") -> Method:
    return Method(rule, tuple(args), call, result)


_NAME = ("name", "name", True)
_LEARNER = ("learner", "name", True)
_LESSON = ("lesson", "text", True)
METHODS: dict[str, Method] = {
    "learners": _m(CLASS),
    "add_learner": _m(OWN, _NAME),
    "reset_learner": _m(CLASS, _NAME),
    "delete_learner": _m(CLASS, _NAME),
    "start_lesson": _m(OWN, _LEARNER, _LESSON),
    "record_answer": _m(OWN, _LEARNER, _LESSON, ("rules", "texts", True), ("right", "bool", True)),
    "record_stars": _m(OWN, _LEARNER, _LESSON, ("stars", "int", True)),
    "lessons": _m(OWN_OR_CLASS, ("learner", "name?", False), result="lessons"),
    "rules": _m(OWN_OR_CLASS, ("learner", "name?", False), result="rules"),
    "stars": _m(OWN, _LEARNER),
    "record_practice": _m(OWN, _LEARNER, ("rule", "text", True), ("right", "bool", True), ("at", "number?", False)),
    "practice": _m(OWN, _LEARNER, result="practice"),
    "settings": _m(OWN, _LEARNER),
    "set_setting": _m(OWN, _LEARNER, ("key", "text", True), ("value", "text", True)),
    "class_setting": _m(ANYONE, ("key", "text", True)),
    "set_class_setting": _m(CLASS, ("key", "text", True), ("value", "text?", True)),
    "code_attempt": _m(CLASS, ("limits", "limits", True), ("right", "bool?", True), ("now", "number?", False)),
    "meta": _m(META, ("key", "text", True), call="_meta"),
    "set_meta": _m(CLASS, ("key", "text", True), ("value", "text", True), call="_set_meta"),
    "put_meta": _m(CLASS, ("key", "text", True), ("value", "text?", True), call="_put_meta"),
    # the browser's session key and its kept sessions (CONTRACTS.md §1)
    "learner_for_key": _m(KEY, ("key", "key", True)),
    "sign_in": _m(KEY, ("key", "key", True), _NAME),
    "sign_out": _m(KEY, ("key", "key", True)),
    "save_session": _m(KEY, ("key", "key", True), ("kind", "kind", True), ("state", "state?", True)),
    "load_session": _m(KEY, ("key", "key", True), ("kind", "kind", True)),
    "schema_version": _m(ANYONE),
    # the work of a key signed in as nobody (it moves to the learner at sign_in)
    "start_lesson_for_key": _m(KEY, ("key", "key", True), _LESSON),
    "record_answer_for_key": _m(KEY, ("key", "key", True), _LESSON, ("rules", "texts", True), ("right", "bool", True)),
    "record_stars_for_key": _m(KEY, ("key", "key", True), _LESSON, ("stars", "int", True)),
    "record_practice_for_key": _m(KEY, ("key", "key", True), ("rule", "text", True), ("right", "bool", True),
                                  ("at", "number?", False)),
    "stars_for_key": _m(KEY, ("key", "key", True)),
    "practice_for_key": _m(KEY, ("key", "key", True), result="practice"),
}


# -------------------------------------------------------------------------------- the words


def sentence(code: str, **args: Any) -> str:
    """The sentence of an answer of the service (`code`: ``"teachers-only"``, ``"not-yours"``,
    …), in the current language, for whoever runs the class (a teacher, the hub's admin);
    an unknown `code`: ``""``."""
    from ..i18n import _
    words = {
        "no-token": _("The store service needs the token of the server that asks "
                      "(JUPYTERHUB_API_TOKEN); this request has none."),
        "bad-token": _("The hub does not accept this token for the store service: check the roles of "
                       "docs/jupyterhub.md in the hub's configuration, then restart the server from the hub."),
        "hub-down": _("The store service cannot ask the hub who sent this request just now; "
                      "please try again in a moment."),
        "not-yours": _("This server belongs to {user}: it may read and change only the record of {user}, "
                       "not that of {name}."),
        "no-name": _("The hub's user name {user} cannot be a learner's name in the store (at most 40 "
                     "characters, none of them invisible or a direction mark): please give this learner "
                     "another one."),
        "teachers-only": _("Only the hub's group {group} may do this ({method}); this server belongs to {user}."),
        "unknown-method": _("The store service has no method {method}: the app and the service "
                            "are not the same version."),
        "bad-body": _("The store service could not read this request: its body is not a JSON object."),
        "bad-argument": _("The store service refused {method}: the argument {argument} is missing or not "
                          "what the method takes."),
        "too-big": _("The store service refused this request: it is larger than {n} MB."),
        "failed": _("The store service failed on {method}; its log in the hub says why."),
        "unreachable": _("The class's store service cannot be reached just now ({url})."),
        "not-in-hub": _("UNOPARTY_DB=hub-service:… works only in a server started by JupyterHub "
                        "(JUPYTERHUB_API_TOKEN and JUPYTERHUB_API_URL are not set)."),
        "no-service-url": _("The hub does not tell this server where the store service {name} is: give the "
                            "users' servers the scope read:services!service={name}, or set "
                            "UNOPARTY_DB=hub-service: followed by the service's URL."),
        "bad-answer": _("The store service gave an answer the app cannot read ({url})."),
    }
    text = words.get(code, "")
    try:
        return text.format(**args) if text else ""
    except (KeyError, IndexError, ValueError):
        return text


class StoreRefusal(StoreError):
    """The store service answered and refused the request (400, 403, 404, 413): trying it
    again would not help, so :class:`~unoparty.unsaved.KeptStore` does not keep it.

    Attributes:
        status: the HTTP status. code: the service's code (:func:`sentence`).
    """

    retry_helps = False

    def __init__(self, message: str, status: int = 403, code: str = "") -> None:
        super().__init__(message)
        self.status, self.code = status, code


# -------------------------------------------------------------------------------- the kernel's side


def _records(kind: str, rows: Any) -> Any:
    if kind == "lessons":
        return [LessonRecord(**r) for r in rows]
    if kind == "rules":
        return [RuleRecord(**r) for r in rows]
    if kind == "practice":
        return [PracticeAnswer(**r) for r in rows]
    return rows


class HubServiceStore(Store):
    """The store of a learner's (or teacher's) kernel under JupyterHub: every method is one
    request to the store service (:class:`StoreService`) with the server's token.

    Args:
        target: the service's URL (``http://hub:10101/services/unoparty-store/``) or its
            name in the hub (``unoparty-store``: the hub tells its URL, with the scope
            ``read:services!service=unoparty-store``).
        token: default ``JUPYTERHUB_API_TOKEN``. api_url: default ``JUPYTERHUB_API_URL``.
        timeout: seconds to wait for one answer.

    Raises (from every method):
        StoreRefusal: the service refused the request (403, 400, …).
        StoreError: the service, the hub or the network cannot answer now (the page keeps
            the change and tries it again: :mod:`unoparty.unsaved`).
    """

    keeps_last_learner = False

    def __init__(self, target: str = SERVICE_NAME, *, token: str | None = None, api_url: str | None = None,
                 timeout: float = TIMEOUT) -> None:
        self.target = target.strip() or SERVICE_NAME
        self.token = os.environ.get("JUPYTERHUB_API_TOKEN", "") if token is None else token
        self.api_url = (os.environ.get("JUPYTERHUB_API_URL", "") if api_url is None else api_url).rstrip("/")
        self.timeout = timeout
        self._base: str | None = None
        if re.match(r"https?://", self.target):
            self._base = self.target.rstrip("/") + "/"

    @classmethod
    def from_url(cls, url: str) -> HubServiceStore:
        """From ``UNOPARTY_DB``'s value ``hub-service:NAME`` or ``hub-service:URL``."""
        return cls(url[len(SCHEME):] if url.startswith(SCHEME) else url)

    # ---------------------------------------------------------------- the requests
    def _request(self, url: str, data: bytes | None) -> tuple[int, bytes]:
        """(status, body) of one request; OSError when nothing answered."""
        req = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET",
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json", "Accept": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as resp:
                return resp.status, resp.read()
        except urllib.error.HTTPError as e:
            with e:
                return e.code, e.read()

    def base_url(self) -> str:
        """The service's URL, ending in ``/`` (asked of the hub once for a name).

        Raises:
            StoreError: not in a hub's server, or the hub cannot be asked now.
            StoreRefusal: the hub does not tell this server the service's URL.
        """
        if self._base is not None:
            return self._base
        if not self.token or not self.api_url:
            raise StoreRefusal(sentence("not-in-hub"), 0, "not-in-hub")
        url = f"{self.api_url}/services/{urllib.parse.quote(self.target, safe='')}"
        try:
            status, raw = self._request(url, None)
        except OSError as e:
            raise StoreError(sentence("unreachable", url=self.api_url)) from e
        if status >= 500:
            raise StoreError(sentence("unreachable", url=self.api_url))
        try:
            model = json.loads(raw.decode("utf-8")) if status == 200 else {}
        except (UnicodeDecodeError, ValueError):
            model = {}
        where, prefix = str(model.get("url") or ""), str(model.get("prefix") or "")
        if not where:
            raise StoreRefusal(sentence("no-service-url", name=self.target), status, "no-service-url")
        parts = urllib.parse.urlsplit(where)
        path = prefix or parts.path or f"/services/{self.target}/"
        self._base = urllib.parse.urlunsplit((parts.scheme, parts.netloc, path.rstrip("/") + "/", "", ""))
        return self._base

    def _call(self, method: str, **args: Any) -> Any:
        base = self.base_url()
        url = f"{base}api/{method}"
        try:
            status, raw = self._request(url, json.dumps(args).encode("utf-8"))
        except (OSError, ValueError) as e:   # refused, reset, timed out, no such host
            raise StoreError(sentence("unreachable", url=base)) from e
        try:
            answer = json.loads(raw.decode("utf-8"))
            if not isinstance(answer, dict):
                raise ValueError(answer)
        except (UnicodeDecodeError, ValueError) as e:  # a proxy's page, a server that is not the service
            if status >= 500 or status == 404:
                raise StoreError(sentence("unreachable", url=base)) from e
            raise StoreError(sentence("bad-answer", url=base)) from e
        if status == 200 and "result" in answer:
            return _records(METHODS[method].result, answer["result"])
        code, given = str(answer.get("error", "")), answer.get("args")
        text = sentence(code, **given) if isinstance(given, dict) and code else ""
        text = text or str(answer.get("message") or sentence("bad-answer", url=base))
        if status >= 500 or status == 200:
            raise StoreError(text)
        raise StoreRefusal(text, status, code)

    # ---------------------------------------------------------------- the Store methods
    def learners(self) -> list[str]:
        return list(self._call("learners"))

    def add_learner(self, name: str) -> str:
        return str(self._call("add_learner", name=normalise_name(name)))

    def reset_learner(self, name: str) -> None:
        self._call("reset_learner", name=normalise_name(name))

    def delete_learner(self, name: str) -> None:
        self._call("delete_learner", name=normalise_name(name))

    def start_lesson(self, learner: str, lesson: str) -> None:
        self._call("start_lesson", learner=normalise_name(learner), lesson=str(lesson))

    def record_answer(self, learner: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        self._call("record_answer", learner=normalise_name(learner), lesson=str(lesson or ""),
                   rules=[str(r) for r in rules], right=bool(right))

    def record_stars(self, learner: str, lesson: str, stars: int) -> int:
        return int(self._call("record_stars", learner=normalise_name(learner), lesson=str(lesson), stars=int(stars)))

    def lessons(self, learner: str | None = None) -> list[LessonRecord]:
        return self._call("lessons", learner=None if learner is None else normalise_name(learner))  # type: ignore[no-any-return]

    def rules(self, learner: str | None = None) -> list[RuleRecord]:
        return self._call("rules", learner=None if learner is None else normalise_name(learner))  # type: ignore[no-any-return]

    def stars(self, learner: str) -> dict[str, int]:
        return {str(k): int(v) for k, v in self._call("stars", learner=normalise_name(learner)).items()}

    def record_practice(self, learner: str, rule: str, right: bool, *, at: float | None = None) -> None:
        self._call("record_practice", learner=normalise_name(learner), rule=str(rule), right=bool(right),
                   at=None if at is None else float(at))

    def practice(self, learner: str) -> list[PracticeAnswer]:
        return self._call("practice", learner=normalise_name(learner))  # type: ignore[no-any-return]

    def settings(self, learner: str) -> dict[str, str]:
        return dict(self._call("settings", learner=normalise_name(learner)))

    def set_setting(self, learner: str, key: str, value: str) -> None:
        self._call("set_setting", learner=normalise_name(learner), key=str(key), value=str(value))

    def class_setting(self, key: str, default: str | None = None) -> str | None:
        value = self._call("class_setting", key=str(key))
        return default if value is None else str(value)

    def set_class_setting(self, key: str, value: str | None) -> None:
        self._call("set_class_setting", key=str(key), value=None if value is None else str(value))

    def code_attempt(self, limits: dict[str, int], right: bool | None, *, now: float | None = None) -> float:
        return float(self._call("code_attempt", limits={str(k): int(v) for k, v in limits.items()},
                                right=None if right is None else bool(right), now=now))

    def _meta(self, key: str) -> str | None:
        value = self._call("meta", key=str(key))
        return None if value is None else str(value)

    def _set_meta(self, key: str, value: str) -> bool:
        return bool(self._call("set_meta", key=str(key), value=str(value)))

    def _put_meta(self, key: str, value: str | None) -> None:
        self._call("put_meta", key=str(key), value=value)

    # the browser's session key (CONTRACTS.md §1), kept by the service under the caller's name
    def learner_for_key(self, key: str) -> str | None:
        return self._call("learner_for_key", key=check_key(key))  # type: ignore[no-any-return]

    def sign_in(self, key: str, name: str) -> str:
        return str(self._call("sign_in", key=check_key(key), name=normalise_name(name)))

    def sign_out(self, key: str) -> None:
        self._call("sign_out", key=check_key(key))

    def save_session(self, key: str, kind: str, state: dict[str, Any] | None) -> None:
        if state is not None:
            session_text(state)   # a state the store would refuse is refused here, before any request
        self._call("save_session", key=check_key(key), kind=check_kind(kind), state=state)

    def load_session(self, key: str, kind: str) -> dict[str, Any] | None:
        return self._call("load_session", key=check_key(key), kind=check_kind(kind))  # type: ignore[no-any-return]

    def start_lesson_for_key(self, key: str, lesson: str) -> None:
        self._call("start_lesson_for_key", key=check_key(key), lesson=str(lesson))

    def record_answer_for_key(self, key: str, lesson: str, rules: Iterable[str], *, right: bool) -> None:
        self._call("record_answer_for_key", key=check_key(key), lesson=str(lesson or ""),
                   rules=[str(r) for r in rules], right=bool(right))

    def record_stars_for_key(self, key: str, lesson: str, stars: int) -> int:
        return int(self._call("record_stars_for_key", key=check_key(key), lesson=str(lesson), stars=int(stars)))

    def record_practice_for_key(self, key: str, rule: str, right: bool, *, at: float | None = None) -> None:
        self._call("record_practice_for_key", key=check_key(key), rule=str(rule), right=bool(right),
                   at=None if at is None else float(at))

    def stars_for_key(self, key: str) -> dict[str, int]:
        return {str(k): int(v) for k, v in self._call("stars_for_key", key=check_key(key)).items()}

    def practice_for_key(self, key: str) -> list[PracticeAnswer]:
        return self._call("practice_for_key", key=check_key(key))  # type: ignore[no-any-return]

    def schema_version(self) -> int:
        return int(self._call("schema_version"))

    def __repr__(self) -> str:
        return f"HubServiceStore({self._base or self.target})"
