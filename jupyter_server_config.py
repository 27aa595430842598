# JupyterLab for teachers (`make lab`): notebooks are saved without outputs or widget state,
# so running them never dirties a checkout (see unoparty/notebook_clean.py).
c = get_config()  # noqa: F821 (provided by Jupyter when it loads this file)
c.FileContentsManager.pre_save_hook = "unoparty.notebook_clean.pre_save_hook"
c.ServerApp.ip = "127.0.0.1"
