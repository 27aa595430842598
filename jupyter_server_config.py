# JupyterLab for teachers (`make lab`): notebooks are saved without outputs or widget state,
# so running them never dirties a checkout (see unoparty/notebook_clean.py).
from pathlib import Path

c = get_config()  # noqa: F821 (provided by Jupyter when it loads this file)
c.FileContentsManager.pre_save_hook = "unoparty.notebook_clean.pre_save_hook"
c.ServerApp.ip = "127.0.0.1"
# JupyterLab's defaults for a class (deploy/jupyterlab/overrides.json): a notebook starts its
# own kernel (Python 3) when opened instead of asking which one, and JupyterLab does not
# offer to fetch news from the internet.
c.LabApp.app_settings_dir = str(Path(__file__).resolve().parent / "deploy" / "jupyterlab")
