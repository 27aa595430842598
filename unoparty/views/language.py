"""Which language the app opens in (issue 11): the learner's choice (kept with their
progress), else ``?lang=`` in the app's address (a demo link), else the ``UNOPARTY_LANG``
environment variable (``unoparty --lang``), else the browser's language, else English.

Voila passes the page's address and, when started with
``--VoilaConfiguration.http_header_envs=Accept-Language``, the browser's language to the
kernel as the environment variables ``QUERY_STRING`` and ``HTTP_ACCEPT_LANGUAGE``. A
preheated kernel runs the notebook before anyone connects: :func:`request_environ` waits
for the connection first (``voila.utils.wait_for_request``), so it gets them too.
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

from ..i18n import match_language

__all__ = ["choose_language", "request_environ"]


def request_environ() -> dict[str, str]:
    """The page request's ``QUERY_STRING`` and ``HTTP_ACCEPT_LANGUAGE`` (``""`` when there is
    none: JupyterLab, tests). Under Voila with a preheated kernel, waits until the page
    connects."""
    if os.environ.get("VOILA_PREHEAT", "False") == "True":
        try:
            from voila.utils import wait_for_request
            wait_for_request()
        except Exception:  # never keep the page from opening: fall back to the other sources
            pass
    return {key: os.environ.get(key, "") for key in ("QUERY_STRING", "HTTP_ACCEPT_LANGUAGE")}


def choose_language(saved: str | None = None, environ: dict[str, str] | None = None) -> str:
    """The language to open in, from the chain above; each source counts only when its
    language has a catalogue (``unoparty.i18n.available_languages``).

    >>> choose_language(None, {"QUERY_STRING": "lang=fr", "UNOPARTY_LANG": "en"})
    'fr'
    >>> choose_language("xx", {"QUERY_STRING": "", "HTTP_ACCEPT_LANGUAGE": "de,en;q=0.5"})
    'en'
    """
    env = dict(os.environ if environ is None else environ)
    query = parse_qs(env.get("QUERY_STRING", "") or "").get("lang", [""])[0]
    for candidate in (saved, query, env.get("UNOPARTY_LANG"), env.get("HTTP_ACCEPT_LANGUAGE")):
        found = match_language(candidate)
        if found:
            return found
    return "en"
