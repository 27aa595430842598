"""Deployment: the app ships inside the package and ``unoparty app`` serves it (issue 13).

A wheel built from a copy of the sources holds the app notebook; the packaged notebook is
the one ``notebooks/make_notebooks.py`` writes (``notebooks/Start here.ipynb``); the command
serves the landing page on a free loopback port.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from unoparty.cli import main
from unoparty.serve import APP_NOTEBOOK, voila_argv

ROOT = Path(__file__).resolve().parent.parent


def _cells(path: Path) -> list[tuple[str, str]]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


def test_the_packaged_app_notebook_is_the_generated_one() -> None:
    assert APP_NOTEBOOK == ROOT / "unoparty" / "app" / "Start here.ipynb"
    assert _cells(APP_NOTEBOOK) == _cells(ROOT / "notebooks" / "Start here.ipynb"), \
        "run: python notebooks/make_notebooks.py"


def test_the_wheel_holds_the_app_notebook_and_the_catalogues(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "unoparty", src / "unoparty", ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
                           "-w", str(tmp_path / "dist"), str(src)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    (wheel,) = (tmp_path / "dist").glob("unoparty-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "unoparty/app/Start here.ipynb" in names
    assert "unoparty/serve.py" in names and "unoparty/commands/app.py" in names
    assert "unoparty/curriculum.toml" in names
    for part in ("conf.json", "index.html.j2", "spinner.macro.html.j2"):  # the page's template
        assert f"unoparty/app/voila/templates/unoparty/{part}" in names
    assert any(n.startswith("unoparty/lessons/") and n.endswith(".toml") for n in names)
    # every compiled catalogue, so French works after any install (pip install ., a wheel),
    # not only after `make`; and the extractors the catalogue build uses
    for lang in ("fr", "ro", "nb", "cs"):
        assert f"unoparty/locale/{lang}/LC_MESSAGES/unoparty.mo" in names, lang
    assert "unoparty/extract.py" in names
    assert "unoparty/app/kernels/python3/kernel.json" in names  # the app's kernel without the debugger


def test_app_command_line(capsys) -> None:
    assert main(["app", "--print", "--port", "9000", "--pool-size", "4", "--cull-idle", "60"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("JUPYTER_PATH=") and " python -m unoparty.serve " in out and "Start here.ipynb" in out
    for part in ("--template=unoparty", "--VoilaConfiguration.resources=", "--port=9000", "--Voila.ip=127.0.0.1", "--preheat_kernel=True", "--pool_size=4",
                 "--MappingKernelManager.cull_idle_timeout=60", "--VoilaExecutor.iopub_timeout=60", "--VoilaExecutor.timeout=-1",
                 "--no-browser"):
        assert part in out
    assert "preheat" not in " ".join(voila_argv(pool_size=0))


@pytest.mark.parametrize("argv, message", [
    (["app", "--print", "--port", "0"], "port must be between 1 and 65535"),
    (["app", "--print", "--pool-size", "-1"], "pool_size must be 0 or more"),
    (["app", "--print", "--notebook", "no such.ipynb"], "does not exist"),
])
def test_app_command_refuses_bad_options(capsys, argv, message) -> None:
    assert main(argv) == 2
    assert message in capsys.readouterr().err


# `unoparty app` serving the landing page (the notebook run, a widget view in the page, the
# tab's shutdown beacon taken from the page's own origin only) is tried in the browser run, on
# the server the browser tests share: tests/browser/test_app_server.py
# ::test_the_installed_command_serves_the_app_and_takes_a_shutdown_from_its_pages_origin_only.


def test_make_test_site_drives_the_static_site_outside_make_test() -> None:
    def dry(target: str) -> str:
        done = subprocess.run(["make", "-n", target], cwd=ROOT, capture_output=True, text=True, timeout=60,
                              env={**os.environ, "MAKEFLAGS": ""})
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "deploy/tests" in dry("test-site") and "-m site" in dry("test-site")
    assert "deploy/tests" not in dry("test")


def test_a_preheated_kernel_waits_for_its_visitor_without_a_time_limit() -> None:
    # its cell waits for the page's request: Voila's cell time limit would fail an unused pool
    assert "--VoilaExecutor.timeout=-1" in voila_argv(pool_size=3)
    assert "--VoilaExecutor.timeout=300" in voila_argv(pool_size=0)


def test_the_static_site_names_no_cdn_in_any_file(tmp_path) -> None:
    """deploy/build_site.py: the links of the pages and the fallbacks in the bundled
    scripts and settings (Pyodide's packages, the kernel's pyodide.js, MathJax) — issue 22."""
    sys.path.insert(0, str(ROOT / "deploy"))
    try:
        import build_site
    finally:
        sys.path.remove(str(ROOT / "deploy"))
    (tmp_path / "static").mkdir()
    (tmp_path / "index.html").write_text(
        '<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css">')
    (tmp_path / "static" / "pyodide.js").write_text("e.cdnUrl=O(e.packageBaseUrl??`https://cdn.jsdelivr.net/pyodide/v${x}/full/`)")
    (tmp_path / "static" / "kernel.v0.schema.json").write_text(
        '{"default": "https://cdn.jsdelivr.net/pyodide/v0.29.0/full/pyodide.js"}')
    (tmp_path / "static" / "4187.js").write_text('"null"===i?"https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/MathJax.js":i')
    build_site.strip_cdn(tmp_path)
    texts = [p.read_text() for p in tmp_path.rglob("*") if p.is_file()]
    assert not [t for t in texts if re.search(r"cdn\.jsdelivr|cdnjs|unpkg", t)]
    assert "about:blank" in (tmp_path / "static" / "pyodide.js").read_text()


def test_the_jupyterhub_values_hand_out_no_database_and_no_open_login() -> None:
    """deploy/z2jh-values.yaml and deploy/Dockerfile (issue 22): a real authenticator, the
    database's password from a secret, the way to the database open in the network policy,
    the memory measured, HTTPS, culling, and a learners' image without JupyterLab."""
    import tomllib

    import yaml
    text = (ROOT / "deploy" / "z2jh-values.yaml").read_text()
    values = yaml.safe_load(text)
    user, hub = values["singleuser"], values["hub"]["config"]
    assert not re.search(r"postgres(?:ql)?://[^\s/]*:[^\s/@]*@", text.replace("PASSWORD@", ""))  # no password
    assert values["hub"]["extraEnv"]["UNOPARTY_DB"]["valueFrom"]["secretKeyRef"]["name"] == "unoparty-db"
    assert hub["JupyterHub"]["authenticator_class"].startswith("nativeauthenticator")
    assert hub["Authenticator"]["allow_all"] is False and hub["NativeAuthenticator"]["open_signup"] is False
    assert int(user["memory"]["guarantee"].rstrip("M")) >= 230   # one learner measured 230 MB
    assert values["proxy"]["https"]["enabled"] and values["cull"]["enabled"]
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert not [d for d in extras["server"] if d.startswith(("jupyterlab", "matplotlib"))]
    docker = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "extra=server" in docker and "jupyter_server_config.py" in docker


def test_the_jupyterhub_values_give_the_database_to_the_hubs_store_service_only(monkeypatch) -> None:
    """deploy/z2jh-values.yaml (issue 22, docs/jupyterhub.md): the learners' servers get
    ``UNOPARTY_DB=hub-service:unoparty-store`` and no secret, their network policy opens
    only the store service's port on the hub; the hub runs the service with the database's
    URL from the secret (its extraConfig hands it to the service alone), with the roles of
    :func:`unoparty.hub_store.hub_roles` and the group ``teachers``."""
    import yaml
    from traitlets.config import Config

    from unoparty.hub_store import SERVICE_NAME, hub_roles
    values = yaml.safe_load((ROOT / "deploy" / "z2jh-values.yaml").read_text())
    user, hub = values["singleuser"], values["hub"]
    assert user["extraEnv"] == {"UNOPARTY_DB": f"hub-service:{SERVICE_NAME}"}   # nothing else, no secret
    assert "secretKeyRef" not in json.dumps(user) and "5432" not in json.dumps(user)
    [egress] = user["networkPolicy"]["egress"]
    assert egress["to"][0]["podSelector"]["matchLabels"]["component"] == "hub"
    assert [p["port"] for p in egress["ports"]] == [10101]
    service = hub["services"][SERVICE_NAME]
    assert service["url"] == "http://hub:10101" and service["command"][1:] == ["-m", "unoparty.hub_store"]
    assert "environment" not in service           # the URL is not written in the values
    assert [p["port"] for p in hub["service"]["extraPorts"]] == [10101]
    assert hub["networkPolicy"]["ingress"][0]["ports"] == [{"port": 10101}]
    assert {name: role["scopes"] for name, role in hub["loadRoles"].items()} == \
        {role["name"]: role["scopes"] for role in hub_roles()}
    assert hub["config"]["JupyterHub"]["load_groups"]["teachers"]["users"]
    assert "unoparty-hub" in hub["image"]["name"] and (ROOT / "deploy" / "Dockerfile.hub").is_file()
    # the hub's extraConfig, run as the chart runs it: the database's URL goes to the service
    c = Config()
    c.JupyterHub.services = [dict(service, name=SERVICE_NAME), {"name": "other", "url": "http://x:1"}]
    monkeypatch.setenv("UNOPARTY_DB", "postgresql://unoparty:s3cret@postgres:5432/unoparty")
    exec(hub["extraConfig"]["unoparty-store"], {"c": c})
    assert c.JupyterHub.services[0]["environment"] == {"UNOPARTY_DB": "postgresql://unoparty:s3cret@postgres:5432/unoparty"}
    assert "environment" not in c.JupyterHub.services[1]


def test_the_hub_trials_share_one_start_up_and_start() -> None:
    """deploy/hub_attack_trial.py runs on deploy/jupyterhub_trial.py's start-up (imported, not
    copied): both scripts load and answer --help without starting a hub."""
    for script in ("jupyterhub_trial.py", "hub_attack_trial.py", "attack_trial.py"):
        done = subprocess.run([sys.executable, str(ROOT / "deploy" / script), "--help"], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 0 and "usage:" in done.stdout, done.stderr
    source = (ROOT / "deploy" / "hub_attack_trial.py").read_text(encoding="utf-8")
    assert "from jupyterhub_trial import" in source and "jupyterhub-singleuser" not in source
