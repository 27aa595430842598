"""The Classroom lab at class size (issue 19): Run All reaches the end, every plot is drawn.
Marked ``soak`` (minutes of bot rounds): ``make soak``, not ``make test`` — which runs the
notebook small (``UNOPARTY_LAB_SIZE=small``, nbval). The plots are saved as PNG files under
``test-artifacts/lab/`` to be looked at."""

from __future__ import annotations

import base64
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = ROOT / "notebooks" / "Classroom lab.ipynb"


@pytest.mark.soak
def test_the_classroom_lab_runs_to_its_end_at_class_size(tmp_path, monkeypatch) -> None:
    import nbformat
    from nbclient import NotebookClient

    monkeypatch.delenv("UNOPARTY_LAB_SIZE", raising=False)
    monkeypatch.setenv("UNOPARTY_LAB_CACHE", str(tmp_path / "cache"))  # nothing cached: the whole run
    nb = nbformat.read(NOTEBOOK, as_version=4)
    start = time.monotonic()
    NotebookClient(nb, timeout=1800, kernel_name="python3", resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    took = time.monotonic() - start
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", []) if o.output_type == "error"]
    assert errors == []
    out = ROOT / "test-artifacts" / "lab"
    out.mkdir(parents=True, exist_ok=True)
    pngs = [o["data"]["image/png"] for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if "image/png" in o.get("data", {})]
    for k, data in enumerate(pngs, 1):
        (out / f"plot-{k}.png").write_bytes(base64.b64decode(data))
    assert len(pngs) == 5
    sizes = nb.cells[1].outputs[0]["data"]["text/plain"]
    assert "'level_games': 50" in sizes  # the class size, not the small one
    print(f"the Classroom lab at class size: {took:.0f} s")
