"""The class's progress store behind a JupyterHub service: the learners' servers never
hold the database's password (issue 22, docs/jupyterhub.md).

Two halves, one request per :class:`~unoparty.progress.Store` method:

- **The service** (:class:`StoreService`, started by the hub: ``python -m unoparty.hub_store``)
  is the only holder of ``UNOPARTY_DB``. Each request carries the token of the server that
  asks (``Authorization: token …``); the service asks the hub whose token it is
  (:class:`jupyterhub.services.auth.HubAuth`: the hub's user name and groups) and checks the
  rules below, in this one place, before it calls the store.
- **The kernel's backend** (:class:`unoparty.progress.hub.HubServiceStore`, ``UNOPARTY_DB=hub-service:unoparty-store``
  or ``hub-service:http://hub:10101/services/unoparty-store/``) sends each call to the
  service with the server's own token (``JUPYTERHUB_API_TOKEN``). A service or network
  that fails raises :class:`~unoparty.progress.StoreError`, so the page keeps the answers
  and tries them again (:mod:`unoparty.unsaved`); a request the service *refuses*
  raises :class:`StoreRefusal` (trying again would not help).

The rules (:func:`authorise`):

- a learner's token names only that learner: every learner's name in a request must be
  the hub's user name, normalised the store's way (:func:`~unoparty.progress.normalise_name`);
- what reads or changes the whole class — :meth:`~unoparty.progress.Store.learners`,
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
:class:`~unoparty.progress.StoreError` (or a hub that cannot be asked) 503, each with
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
import urllib.parse
from collections.abc import Awaitable, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from .progress import Store, StoreError
from .progress.hub import (ANYONE, CLASS, KEY, META, METHODS, OWN_OR_CLASS, SERVICE_NAME, SCHEME, TEACHERS,
                           HubServiceStore, StoreRefusal, sentence)
from .progress.records import LessonRecord, PracticeAnswer, RuleRecord, check_key, check_kind, hub_learner_name, \
    normalise_name, session_text

__all__ = ["SERVICE_NAME", "TEACHERS", "SCHEME", "METHODS", "Caller", "StoreRefusal", "HubServiceStore",
           "StoreService", "authorise", "check_arguments", "sentence", "hub_resolver", "hub_service", "hub_roles",
           "teachers_only", "main"]

MAX_BODY = 4 * 1024 * 1024        # bytes of one request (a session's state is at most 1 MB)
MAX_TEXT = 65536                  # characters of one text argument

# -------------------------------------------------------------------------------- the rules


@dataclass(frozen=True)
class Caller:
    """Who asks, as the hub says: `name` the hub's user name as a learner's name (None when
    the store cannot keep it exactly as it is: :func:`~unoparty.progress.hub_learner_name`),
    `user` as the hub has it, `teacher` True when the user is in the group :data:`TEACHERS`."""

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
        # only a hub name the store keeps as it is: "ben" + U+202E is not Ben (issue 22)
        name = hub_learner_name(user)
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
            raise _Answer(403, "no-name", user=_shown(caller.user))
        if args[arg] != caller.name and not (caller.teacher and spec.rule != KEY):
            raise _Answer(403, "not-yours", user=caller.user, name=args[arg])
    if spec.rule == KEY and caller.name is None:
        raise _Answer(403, "no-name", user=_shown(caller.user))


def _shown(user: str) -> str:
    """`user` for a sentence: each invisible, control or direction character written as
    its code (``ben\\u202e``), so the sentence shows what the hub's name holds."""
    import unicodedata
    return "".join(ch if ch.isprintable() and unicodedata.category(ch) != "Cf" else f"\\u{ord(ch):04x}"
                   for ch in user)


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


def teachers_only(value: str, group: str = TEACHERS) -> Callable[[Any], str]:
    """An entry of ``c.Spawner.environment`` that only the servers of the hub's group
    `group` get: ``{"UNOPARTY_TEACHER_CODE": teachers_only(code)}`` gives the teacher's
    code to the teachers' servers and ``""`` (no code: the Teacher page says none is set)
    to every learner's, so no learner's server holds it (issue 22). JupyterHub calls the
    function with the spawner when it starts a server (``spawner.user.groups``: the user's
    groups, each with a ``name``)."""

    def for_spawner(spawner: Any) -> str:
        groups = getattr(getattr(spawner, "user", None), "groups", None) or []
        return value if any(getattr(g, "name", g) == group for g in groups) else ""

    return for_spawner


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
                    help="the store's URL (default: UNOPARTY_DB, else the SQLite file of unoparty.progress)")
    ap.add_argument("--url", default=os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"),
                    help="where to listen (default: JUPYTERHUB_SERVICE_URL)")
    ap.add_argument("--prefix", default=os.environ.get("JUPYTERHUB_SERVICE_PREFIX", f"/services/{SERVICE_NAME}/"),
                    help="the routes' prefix (default: JUPYTERHUB_SERVICE_PREFIX)")
    ap.add_argument("--teachers", default=os.environ.get("UNOPARTY_TEACHERS_GROUP", TEACHERS),
                    help="the hub's group of the teachers (default: teachers)")
    args = ap.parse_args(argv)
    from .progress import open_store
    if args.db.startswith(SCHEME):
        print("unoparty store service: UNOPARTY_DB must be the database itself, not hub-service:…", file=sys.stderr)
        return 2
    # the hub's log (a managed service's output); set only once the arguments are good, so a
    # refused start leaves no handler behind (in a test, on a stream that is then closed)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("[%(levelname)s %(asctime)s %(name)s] %(message)s"))
    for name in ("unoparty.hub_store", "tornado.application"):
        logging.getLogger(name).addHandler(handler)
        logging.getLogger(name).setLevel(logging.INFO)
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
