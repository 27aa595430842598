# The single-user server of a learner (JupyterHub): opens the unoparty app with Voila.
# Used by deploy/Dockerfile (Zero to JupyterHub) and by The Littlest JupyterHub recipe in
# the README (copy it to /opt/tljh/user/etc/jupyter/jupyter_server_config.py).
c = get_config()  # noqa: F821

# The server's files are the app notebook only; the learner lands on the app.
c.ServerApp.root_dir = "/srv/unoparty"
c.ServerApp.default_url = "/voila/render/Start%20here.ipynb"
# The app only (issue 22): Voila is the server's one extension — no JupyterLab, no
# terminals — its kernels take only the widgets' messages (no code, as in Voila's own
# server), and every other Jupyter API (/api/kernels, /api/sessions, /api/contents, ...)
# answers 403 (unoparty.learner_server). Teachers get JupyterLab from another profile
# (docs/jupyterhub.md).
# (update, not replace: JupyterHub's own single-user extension stays enabled)
c.ServerApp.jpserver_extensions.update({"voila": True, "jupyterlab": False, "jupyter_server_terminals": False,
                                        "jupyter_lsp": False, "notebook_shim": False, "notebook": False})
c.ServerApp.terminals_enabled = False
c.ServerApp.authorizer_class = "unoparty.learner_server.AppOnlyAuthorizer"
c.MappingKernelManager.allowed_message_types = ["comm_open", "comm_close", "comm_msg", "comm_info_request",
                                                "kernel_info_request", "shutdown_request"]
# Voila as a server extension: hide the code, give a busy server time to build the app.
c.VoilaConfiguration.strip_sources = True
c.VoilaExecutor.iopub_timeout = 60
# A learner's kernel goes away when idle; the hub culls idle servers (jupyterhub-idle-culler).
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
