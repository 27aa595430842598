"""The class's progress store behind a JupyterHub service: the learners' servers never
hold the database's password (issue 22, docs/jupyterhub.md).

Two halves, one request per :class:`~unoparty.store.Store` method:

- **The service** (:class:`StoreService`, started by the hub: ``python -m unoparty.hub_store``)
  is the only holder of ``UNOPARTY_DB``. Each request carries the token of the server that
  asks (``Authorization: token …``); the service asks the hub whose token it is
  (:class:`jupyterhub.services.auth.HubAuth`: the hub's user name and groups) and checks the
  rules below, in this one place, before it calls the store.
- **The kernel's backend** (:class:`HubServiceStore`, ``UNOPARTY_DB=hub-service:unoparty-store``
  or ``hub-service:http://hub:10101/services/unoparty-store/``) sends each call to the
  service with the server's own token (``JUPYTERHUB_API_TOKEN``). A service or network
  that fails raises :class:`~unoparty.store.StoreError`, so the page keeps the answers
  and tries them again (:mod:`unoparty.unsaved`); a request the service *refuses*
  raises :class:`StoreRefusal` (trying again would not help).

The rules (:func:`authorise`):

- a learner's token names only that learner: every learner's name in a request must be
  the hub's user name, normalised the store's way (:func:`~unoparty.store.normalise_name`);
- what reads or changes the whole class — :meth:`~unoparty.store.Store.learners`,
  ``lessons()`` and ``rules()`` without a learner, ``reset_learner``, ``delete_learner``,
  setting the class's settings, the tries of the teacher's code and of PINs
  (``code_attempt``), the store's other records (``meta``) — needs the hub's group
  ``teachers`` (the teacher's page still asks for its code too); reading the class's
  settings is for everyone;
- session keys (``save_session``, ``load_session``, ``learner_for_key``, ``sign_in``,
  ``sign_out`` and the work of a key signed in as nobody, ``record_stars_for_key`` and the
  like) are kept under the caller's own name: the same browser key sent by two hub users
  names two different keys in the store, and ``sign_in`` signs in only as the caller (a
  teacher too).

Answers: 200 ``{"result": …}``; a bad request 400, a refused one 403, the store's own
:class:`~unoparty.store.StoreError` (or a hub that cannot be asked) 503, each with
``{"error": code, "message": sentence, "args": {…}}`` — the kernel words the sentence
in the page's language (:func:`sentence`). Nothing a request sends stops the service.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import hashlib
import json
import logging
import math
import os
import re
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from .progress.records import (LessonRecord, PracticeAnswer, RuleRecord, StoreError, check_key, check_kind,
                               normalise_name, session_text)
from .store import Store

__all__ = ["SERVICE_NAME", "TEACHERS", "SCHEME", "METHODS", "Caller", "StoreRefusal", "HubServiceStore",
           "StoreService", "authorise", "sentence", "hub_resolver", "hub_service", "hub_roles", "main"]

SERVICE_NAME = "unoparty-store"   # the service's name in the hub (c.JupyterHub.services)
TEACHERS = "teachers"             # the hub's group whose members may read and change the class
SCHEME = "hub-service:"           # UNOPARTY_DB=hub-service:NAME or hub-service:URL
TIMEOUT = 15.0                    # seconds the kernel waits for one answer
MAX_BODY = 4 * 1024 * 1024        # bytes of one request (a session's state is at most 1 MB)
MAX_TEXT = 65536                  # characters of one text argument

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
    from .i18n import _
    words = {
        "no-token": _("The store service needs the token of the server that asks "
                      "(JUPYTERHUB_API_TOKEN); this request has none."),
        "bad-token": _("The hub does not accept this token for the store service: check the roles of "
                       "docs/jupyterhub.md in the hub's configuration, then restart the server from the hub."),
        "hub-down": _("The store service cannot ask the hub who sent this request just now; "
                      "please try again in a moment."),
        "not-yours": _("This server belongs to {user}: it may read and change only the record of {user}, "
                       "not that of {name}."),
        "no-name": _("The hub's user name {user} cannot be a learner's name in the store "
                     "(at most 40 characters): please give this learner a shorter one."),
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


# -------------------------------------------------------------------------------- the rules


@dataclass(frozen=True)
class Caller:
    """Who asks, as the hub says: `name` the hub's user name normalised the store's way (None
    when the store cannot take it as a learner's name), `user` as the hub has it, `teacher`
    True when the user is in the group :data:`TEACHERS`."""

    user: str
    name: str | None
    teacher: bool

    @classmethod
    def from_model(cls, model: Mapping[str, Any], teachers: str = TEACHERS) -> Caller:
        """From the hub's user model (``{"name": …, "groups": […]}``; a service's token — kind
        ``"service"`` — is nobody's: no learner, not a teacher)."""
        user = str(model.get("name") or "")
        if model.get("kind", "user") != "user":
            return cls(user, None, False)
        try:
            name: str | None = normalise_name(user)
        except StoreError:
            name = None
        groups = model.get("groups") or []
        return cls(user, name, isinstance(groups, list) and teachers in groups)


class _Answer(Exception):
    """A request answered before the store is called: `status`, `code`, `args`."""

    def __init__(self, status: int, code: str, **args: Any) -> None:
        super().__init__(code)
        self.status, self.code, self.args_ = status, code, args


def authorise(method: str, args: Mapping[str, Any], caller: Caller, *, teachers: str = TEACHERS) -> None:
    """Check the rules (the module's docstring) for `method` called with `args` (already
    checked by :func:`check_arguments`: names normalised) by `caller`.

    Raises:
        _Answer: 403 ``"teachers-only"``, ``"not-yours"`` or ``"no-name"``.
    """
    spec = METHODS[method]
    whole_class = (spec.rule == CLASS
                   or (spec.rule == OWN_OR_CLASS and args.get("learner") is None)
                   or (spec.rule == META and not str(args.get("key", "")).startswith("class:")))
    if whole_class:
        if not caller.teacher:
            raise _Answer(403, "teachers-only", group=teachers, method=method, user=caller.user)
        return
    if spec.rule == ANYONE or spec.rule == META:
        return
    for arg, kind, _required in spec.args:
        if kind not in ("name", "name?") or args.get(arg) is None:
            continue
        if caller.name is None:
            raise _Answer(403, "no-name", user=caller.user)
        if args[arg] != caller.name and not (caller.teacher and spec.rule != KEY):
            raise _Answer(403, "not-yours", user=caller.user, name=args[arg])
    if spec.rule == KEY and caller.name is None:
        raise _Answer(403, "no-name", user=caller.user)


def _own_key(caller: Caller, key: str) -> str:
    """The session key `key` of `caller`, kept under their name: another user sending the
    same key reaches another session (43 URL-safe characters)."""
    digest = hashlib.sha256(f"{caller.name}\x00{key}".encode("utf-8")).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")


def _check(kind: str, value: Any) -> tuple[bool, Any]:
    """(ok, value) for one argument of `kind`; names come back normalised."""
    if kind.endswith("?"):
        if value is None:
            return True, None
        kind = kind[:-1]
    if kind == "name":
        if not isinstance(value, str):
            return False, None
        try:
            return True, normalise_name(value)
        except StoreError:
            return False, None
    if kind == "text":
        return isinstance(value, str) and len(value) <= MAX_TEXT, value
    if kind == "texts":
        ok = isinstance(value, list) and len(value) <= 1000 and all(
            isinstance(v, str) and len(v) <= MAX_TEXT for v in value)
        return ok, value
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool), value
    if kind == "bool":
        return isinstance(value, bool), value
    if kind == "number":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
        return ok, float(value) if ok else None
    if kind == "limits":
        ok = (isinstance(value, dict) and 0 < len(value) <= 20
              and all(isinstance(k, str) and len(k) <= 200 and isinstance(n, int) and not isinstance(n, bool)
                      for k, n in value.items()))
        return ok, value
    try:
        if kind == "key":
            return True, check_key(value)
        if kind == "kind":
            return True, check_kind(value)
        if kind == "state":   # a JSON object of at most 1 MB (MAX_SESSION_BYTES)
            session_text(value)
            return isinstance(value, dict), value
    except StoreError:
        return False, None
    return False, None


def check_arguments(method: str, body: Any) -> dict[str, Any]:
    """The arguments of `method` from the request's JSON `body`, checked and normalised.

    Raises:
        _Answer: 404 ``"unknown-method"``, 400 ``"bad-body"`` or ``"bad-argument"``.
    """
    spec = METHODS.get(method)
    if spec is None:
        raise _Answer(404, "unknown-method", method=method[:80])
    if not isinstance(body, dict):
        raise _Answer(400, "bad-body")
    names = {a for a, _k, _r in spec.args}
    extra = sorted(set(body) - names)
    if extra:
        raise _Answer(400, "bad-argument", method=method, argument=str(extra[0])[:80])
    out: dict[str, Any] = {}
    for arg, kind, required in spec.args:
        if arg not in body:
            if required:
                raise _Answer(400, "bad-argument", method=method, argument=arg)
            continue
        ok, value = _check(kind, body[arg])
        if not ok:
            raise _Answer(400, "bad-argument", method=method, argument=arg)
        out[arg] = value
    return out


def _encode(result: Any) -> Any:
    if isinstance(result, list):
        return [_encode(r) for r in result]
    if isinstance(result, (LessonRecord, RuleRecord, PracticeAnswer)):
        return asdict(result)
    return result


# -------------------------------------------------------------------------------- the service

Resolver = Callable[[str], Awaitable["Mapping[str, Any] | None"]]


class HubUnreachable(Exception):
    """The hub could not be asked whose a token is (the service answers 503)."""


def hub_resolver(hub_auth: Any = None) -> Resolver:
    """The token → hub user model function the service uses: the hub's own
    :class:`~jupyterhub.services.auth.HubAuth` (its ``user_for_token``, cached a few
    minutes), which also checks that the token may reach this service
    (``access:services!service=unoparty-store``, the scopes the hub gives the service in
    ``JUPYTERHUB_OAUTH_ACCESS_SCOPES``). None: the token is not accepted.

    Raises (from the function): HubUnreachable: the hub did not answer.
    """
    if hub_auth is None:
        from jupyterhub.services.auth import HubAuth  # type: ignore[import-untyped]
        hub_auth = HubAuth()

    async def resolve(token: str) -> Mapping[str, Any] | None:
        from tornado.httpclient import HTTPClientError
        from tornado.web import HTTPError
        try:
            model = await hub_auth.user_for_token(token, sync=False)
        except (HTTPError, HTTPClientError, OSError) as e:
            raise HubUnreachable(str(e)) from e
        if not model:
            return None
        required = set(getattr(hub_auth, "access_scopes", None) or ())
        if required and not hub_auth.check_scopes(required, model):
            return None
        return dict(model)

    return resolve


class StoreService:
    """The store service: `store` (the only holder of the database) behind the rules.

    Args:
        store: the progress store (``open_store(UNOPARTY_DB)``).
        resolve: token → the hub's user model (``{"name", "groups"}``) or None
            (:func:`hub_resolver`; tests give their own).
        teachers: the hub's group of the teachers.
        workers: threads that call the store (a slow database does not stop the service
            from answering others).
    """

    def __init__(self, store: Store, resolve: Resolver, *, teachers: str = TEACHERS, workers: int = 4) -> None:
        self.store, self.resolve, self.teachers = store, resolve, teachers
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="unoparty-store")
        self.log = logging.getLogger("unoparty.hub_store")

    def app(self, prefix: str = "/") -> Any:
        """The tornado application, its routes under `prefix` (the hub's
        ``JUPYTERHUB_SERVICE_PREFIX``, ``/services/unoparty-store/``): ``POST
        {prefix}api/<method>`` and ``GET {prefix}`` (what the service is)."""
        from tornado.web import Application
        prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        return Application([(re.escape(prefix) + r"api/([A-Za-z_]{1,40})", _MethodHandler, {"service": self}),
                            (re.escape(prefix) + r"api/(.*)", _MethodHandler, {"service": self}),
                            (re.escape(prefix) + r"?", _AboutHandler)],
                           log_function=self._log_request)

    def _log_request(self, handler: Any) -> None:
        status = handler.get_status()
        level = logging.INFO if status < 400 else logging.WARNING
        self.log.log(level, "%d %s %s %.1f ms", status, handler.request.method,
                     handler.request.path, 1000.0 * handler.request.request_time())

    async def answer(self, method: str, token: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        """The status and JSON answer of one request: `method`, the caller's `token`
        (``""`` when none was sent) and the request's body."""
        caller: Caller | None = None
        try:
            if not token:
                raise _Answer(403, "no-token")
            try:
                model = await self.resolve(token)
            except HubUnreachable as e:
                self.log.warning("the hub cannot be asked whose a token is: %s", e)
                raise _Answer(503, "hub-down") from e
            if not model:
                raise _Answer(403, "bad-token")
            caller = Caller.from_model(model, self.teachers)
            if len(raw) > MAX_BODY:
                raise _Answer(413, "too-big", n=MAX_BODY // (1024 * 1024))
            try:
                body = json.loads(raw.decode("utf-8")) if raw.strip() else {}
            except (UnicodeDecodeError, ValueError) as e:
                raise _Answer(400, "bad-body") from e
            args = check_arguments(method, body)
            authorise(method, args, caller, teachers=self.teachers)
        except _Answer as a:
            if a.status == 403:
                self.log.warning("refused: %s asked for %s (%s)", caller.user if caller else "a token",
                                 method[:80], a.code)
            return a.status, {"error": a.code, "message": sentence(a.code, **a.args_), "args": a.args_}
        spec = METHODS[method]
        if spec.rule == KEY:
            args["key"] = _own_key(caller, args["key"])
        call = getattr(self.store, spec.call or method, None)
        if call is None:  # a store without the sessions API (an older store)
            return 404, {"error": "unknown-method", "message": sentence("unknown-method", method=method),
                         "args": {"method": method}}
        try:
            result = await asyncio.get_running_loop().run_in_executor(self.pool, lambda: call(**args))
        except StoreError as e:
            self.log.warning("the store refused %s for %s: %s", method, caller.user, e)
            return 503, {"error": "store", "message": str(e), "args": {}}
        except Exception as e:  # nothing a request sends stops the service
            self.log.exception("the store failed on %s for %s", method, caller.user)
            return 500, {"error": "failed", "message": sentence("failed", method=method),
                         "args": {"method": method, "kind": type(e).__name__}}
        return 200, {"result": _encode(result)}


try:
    from tornado.web import RequestHandler
except ImportError:  # the kernel's side needs no tornado (Python in the browser has none)
    RequestHandler = object  # type: ignore[misc,assignment]


class _MethodHandler(RequestHandler):
    """``POST {prefix}api/<method>``: one store method."""

    def initialize(self, service: StoreService) -> None:
        self.service = service

    def _token(self) -> str:
        match = re.fullmatch(r"(?:token|bearer)\s+(\S+)\s*", self.request.headers.get("Authorization", ""),
                             re.IGNORECASE)
        return match.group(1) if match else ""

    async def post(self, method: str) -> None:
        try:
            status, body = await self.service.answer(method, self._token(), self.request.body or b"")
        except Exception as e:  # nothing a request sends stops the service
            self.service.log.exception("the store service failed on %s", method[:80])
            status, body = 500, {"error": "failed", "message": sentence("failed", method=method[:80]),
                                 "args": {"method": method[:80], "kind": type(e).__name__}}
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps({"error": "http", "message": self._reason, "args": {}}))


class _AboutHandler(RequestHandler):
    """``GET {prefix}``: what this service is (no record, no token needed)."""

    def get(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.finish(json.dumps({"service": SERVICE_NAME, "methods": sorted(METHODS)}))


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
        self._lock = threading.Lock()

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

    def __repr__(self) -> str:
        return f"HubServiceStore({self._base or self.target})"


# -------------------------------------------------------------------------------- the hub's configuration


def hub_service(url: str, db: str, *, name: str = SERVICE_NAME, python: str | None = None,
                environment: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The store service's entry of ``c.JupyterHub.services``: run by the hub
    (``python -m unoparty.hub_store``), listening at `url` (``http://127.0.0.1:10101``;
    ``http://hub:10101`` in Kubernetes), with the database's URL `db` in its environment
    only (the learners' servers never get it), hidden from the hub's Services menu."""
    return {"name": name, "url": url, "display": False,
            "command": [python or sys.executable, "-m", "unoparty.hub_store"],
            "environment": {"UNOPARTY_DB": db, **(environment or {})}}


def hub_roles(name: str = SERVICE_NAME) -> list[dict[str, Any]]:
    """The roles of ``c.JupyterHub.load_roles`` the store service needs: every user, and the
    token the hub gives each user's server (``JUPYTERHUB_API_TOKEN``: the role ``server``),
    may reach the service (``access:services!service=…``) and ask the hub where it is
    (``read:services!service=…``). The service itself needs no scope: it asks the hub whose
    a token is with that token."""
    reach = [f"access:services!service={name}", f"read:services!service={name}"]
    return [{"name": "user", "description": "Standard user privileges, and the class's store service",
             "scopes": ["self", *reach]},
            {"name": "server", "description": "Post activity, and the class's store service",
             "scopes": ["users:activity!user", "access:servers!server", *reach]}]


# -------------------------------------------------------------------------------- starting it


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m unoparty.hub_store``: the store service, as the hub starts it
    (``c.JupyterHub.services``: docs/jupyterhub.md). It listens where
    ``JUPYTERHUB_SERVICE_URL`` says, under ``JUPYTERHUB_SERVICE_PREFIX``, and opens the
    store of ``UNOPARTY_DB``; it runs until stopped."""
    ap = argparse.ArgumentParser(prog="python -m unoparty.hub_store",
                                 description="The class's progress store as a JupyterHub service.")
    ap.add_argument("--db", default=os.environ.get("UNOPARTY_DB", ""),
                    help="the store's URL (default: UNOPARTY_DB, else the SQLite file of unoparty.store)")
    ap.add_argument("--url", default=os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"),
                    help="where to listen (default: JUPYTERHUB_SERVICE_URL)")
    ap.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/"),
                    help="the routes' prefix (default: JUPYTERHUB_SERVICE_PREFIX)")
    ap.add_argument("--teachers", default=os.environ.get("UNOPARTY_TEACHERS_GROUP", TEACHERS),
                    help="the hub's group of the teachers (default: teachers)")
    args = ap.parse_args(argv)
    handler = logging.StreamHandler(sys.stderr)   # the hub's log (a managed service's output)
    handler.setFormatter(logging.Formatter("[%(levelname)s %(asctime)s %(name)s] %(message)s"))
    for name in ("unoparty.hub_store", "tornado.application"):
        logging.getLogger(name).addHandler(handler)
        logging.getLogger(name).setLevel(logging.INFO)
    from .store import open_store
    if args.db.startswith(SCHEME):
        print("unoparty store service: UNOPARTY_DB must be the database itself, not hub-service:…", file=sys.stderr)
        return 2
    try:
        store = open_store(args.db or None, migrate=False)
    except StoreError as e:
        print(f"unoparty store service: {e}", file=sys.stderr)
        return 1
    service = StoreService(store, hub_resolver(), teachers=args.teachers)
    where = urllib.parse.urlsplit(args.url)
    from tornado.httpserver import HTTPServer
    from tornado.ioloop import IOLoop

    async def run() -> None:
        server = HTTPServer(service.app(args.prefix), max_body_size=MAX_BODY + 1024, xheaders=True)
        server.listen(where.port or 80, where.hostname or "")
        logging.getLogger("unoparty.hub_store").info("the store service listens on %s%s (%r)",
                                                     args.url.rstrip("/"), args.prefix, store)
        await asyncio.Event().wait()

    try:
        IOLoop.current().run_sync(run)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
