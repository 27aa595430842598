"""A learner's Jupyter server under JupyterHub runs the app and nothing else (issue 22).

``deploy/jupyter_server_config.py`` sets it up: Voila as the server's only extension (no
JupyterLab, no terminals, no language servers), kernels that accept only the app's widget
messages (no code: the same list as Voila's own server), and :class:`AppOnlyAuthorizer`,
which refuses the REST APIs a learner could use to start a kernel, run code, open a
terminal or read and write files — ``/api/kernels`` (listing, starting), ``/api/sessions``,
``/api/terminals``, ``/api/contents`` and the kernel specs — while the app's page, its
kernel's websocket and Voila's shutdown request still work.

A teacher's server (JupyterLab) uses another configuration: see
``docs/jupyterhub.md``.
"""

from __future__ import annotations

from typing import Any

from jupyter_server.auth.authorizer import Authorizer

__all__ = ["AppOnlyAuthorizer", "APP_MESSAGES", "REFUSED_RESOURCES"]

APP_MESSAGES = ["comm_open", "comm_close", "comm_msg", "comm_info_request", "kernel_info_request",
                "shutdown_request"]
"""The messages a page may send its kernel: the widgets' (Voila's own list)."""

REFUSED_RESOURCES = frozenset({"sessions", "terminals", "contents", "kernelspecs", "nbconvert", "events",
                               "api"})
"""Jupyter's resources a learner's page never needs."""


class AppOnlyAuthorizer(Authorizer):
    """Allows the app (Voila's pages and static files, the page's kernel websocket and a
    kernel's own status) and refuses every other Jupyter API (403)."""

    def is_authorized(self, handler: Any, user: Any, action: str, resource: str) -> bool:
        hub = getattr(self.identity_provider, "hub_auth", None)
        if hub is not None and not hub.check_scopes(hub.oauth_scopes, user.hub_user):
            return False  # JupyterHub's own check (its JupyterHubAuthorizer's), kept
        if resource in REFUSED_RESOURCES:
            return False
        if resource == "kernels":
            # the page's websocket (execute on one kernel) and one kernel's status: yes;
            # the list of kernels, starting, interrupting or restarting one: no
            name = type(handler).__name__
            return name.endswith(("WebsocketHandler", "ChannelsHandler")) or (
                name == "KernelHandler" and handler.request.method == "GET")
        return True
