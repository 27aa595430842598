"""Running a notebook never dirties it: a ``pre_save_hook`` for Jupyter's contents manager
that saves notebooks without what running them adds — outputs, execution counts, widget
state (``metadata.widgets``), per-cell run data, and the kernel's details in
``metadata.language_info`` (only its ``name`` is kept, as ``notebooks/make_notebooks.py``
writes it).

``make lab`` starts JupyterLab with ``jupyter_server_config.py``, which installs the hook::

    c.FileContentsManager.pre_save_hook = "unoparty.notebook_clean.pre_save_hook"

So ``git status --porcelain`` stays empty after a teacher runs every notebook. It is the
hook Jupyter documents for this ("pre_save_hook … e.g. stripping output"), done on the
server so it works whatever the browser does (autosave included).

>>> nb = {"cells": [{"cell_type": "code", "execution_count": 3, "metadata": {"scrolled": True},
...                  "outputs": [{"output_type": "stream"}], "source": "1"}],
...       "metadata": {"widgets": {}, "language_info": {"name": "python", "version": "3.11.7"}}}
>>> strip_notebook(nb)["cells"][0], nb["metadata"]
({'cell_type': 'code', 'execution_count': None, 'metadata': {}, 'outputs': [], 'source': '1'}, {'language_info': {'name': 'python'}})
"""

from __future__ import annotations

from typing import Any

__all__ = ["pre_save_hook", "strip_notebook"]

CELL_RUN_KEYS = ("execution", "scrolled", "collapsed", "trusted", "ExecuteTime")


def strip_notebook(nb: dict[str, Any]) -> dict[str, Any]:
    """Remove, in place, what running `nb` (a notebook as a dict) adds; returns it."""
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        meta = cell.get("metadata")
        if isinstance(meta, dict):
            for key in CELL_RUN_KEYS:
                meta.pop(key, None)
    meta = nb.get("metadata")
    if isinstance(meta, dict):
        meta.pop("widgets", None)
        meta.pop("signature", None)
        info = meta.get("language_info")
        if isinstance(info, dict) and "name" in info:
            meta["language_info"] = {"name": info["name"]}
    return nb


def pre_save_hook(model: dict[str, Any], path: str = "", contents_manager: Any = None, **kwargs: Any) -> None:
    """Jupyter's ``ContentsManager.pre_save_hook``: strip a notebook before it is saved.

    The kernel's name as the file on disk spells it is kept (JupyterLab writes the running
    kernel's display name, e.g. "Python 3 (ipykernel)", over the file's "Python 3").
    """
    if model.get("type") != "notebook" or not isinstance(model.get("content"), dict):
        return
    nb = strip_notebook(model["content"])
    old = _on_disk(path, contents_manager)
    meta, old_meta = nb.get("metadata"), (old or {}).get("metadata")
    if isinstance(meta, dict) and isinstance(old_meta, dict):
        spec, old_spec = meta.get("kernelspec"), old_meta.get("kernelspec")
        if isinstance(spec, dict) and isinstance(old_spec, dict) and spec.get("name") == old_spec.get("name"):
            meta["kernelspec"] = old_spec


def _on_disk(path: str, contents_manager: Any) -> dict[str, Any] | None:
    """The notebook as saved now, or None. `contents_manager`: Jupyter's ContentsManager
    (untyped: Any)."""
    import json
    try:
        os_path = contents_manager._get_os_path(path)
        with open(os_path, encoding="utf-8") as f:
            data = json.load(f)
        return data if isinstance(data, dict) else None
    except Exception:  # a new file, another contents manager: nothing to keep
        return None
