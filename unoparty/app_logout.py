"""``/logout`` of the app's server (``unoparty app``): forgets the login cookie, if any, and
goes back to the app's first page. Voila's own logout page answered 500 (it renders
Jupyter's ``logout.html``, whose static files Voila does not serve)."""

from __future__ import annotations

from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import JupyterHandler

__all__ = ["LogoutHandler"]


class LogoutHandler(JupyterHandler):
    """``GET /logout``: clear the login cookie, then a redirect (302) to the base URL."""

    @allow_unauthenticated
    def get(self) -> None:
        self.identity_provider.clear_login_cookie(self)
        self.redirect(self.base_url or "/")
