"""Build the app as a static site (``make site``): Python runs in the browser (Pyodide),
so any static web server — or none but a folder of files — serves a whole school.

    .venv-site/bin/python deploy/build_site.py [--out site] [--cache build/site-cache]

Everything the page loads is inside the output folder; no request leaves the site:

- the pages: Voici (voici-core 0.10.0 on jupyterlite-core 0.7.6) renders the app notebook
  (``unoparty/app/Start here.ipynb``, with one cell added: the progress store — learners,
  stars, the last learner — is loaded from the browser's storage first) into ``voici/render/unoparty.html``; ``index.html`` opens it;
- Python: Pyodide 0.29.0 from the npm registry's ``pyodide`` package (the interpreter and
  its standard library only — the package ships no other wheels);
- the Python packages: the pure-Python wheels that Pyodide's lock file names for micropip,
  IPython and jedi, downloaded from PyPI at exactly the lock's versions (their sha256
  recomputed), plus ``comm`` and ``ipywidgets`` at the versions pinned below, the Pyodide
  kernel's own wheels (``pyodide-kernel``, ``piplite``, its ``ipykernel`` shim) and the
  app's wheel built from this tree. A new ``pyodide-lock.json`` lists exactly these, the
  kernel loads them all at start (``loadPyodideOptions.packages``) and never falls back to
  PyPI (``disablePyPIFallback``);
- the first paint (issue 20): the landing page's widget state, saved at build time
  (:mod:`unoparty.views.paint`, run in the build's Python with the app's source), is drawn
  at once by ipywidgets' HTML manager (``@jupyter-widgets/html-manager``, from npm, pinned
  below) under a "Starting Python…" status, inert, while Python starts; the live app
  replaces it as soon as its first output is on screen. If the paint cannot be made, the
  page is the plain one (Voici's spinner until the app is live);
- Python's memory snapshot (issue 20): Node starts the shipped Pyodide, writes the wheels
  into its site-packages, imports :data:`SNAPSHOT_IMPORTS` and saves Pyodide's memory
  (``deploy/make_snapshot.mjs``; Pyodide's experimental ``makeMemorySnapshot``, hence the
  pinned versions); the kernel's ``pyodideUrl`` becomes ``deploy/site_start.js``
  (:data:`START_SCRIPT`), which restores it in the worker and falls back to the plain start
  if it fails. ``--no-snapshot``, or no Node: the plain start only;
- no CDN: the template's icon-font links (Font Awesome) are removed and the Mermaid loader
  (only used by notebooks with diagrams) is dropped; the build fails if any page still
  names an ``http(s)://`` resource to load.

Downloads (npm, PyPI) are cached under ``--cache`` so a rebuild works offline. Needs
``npm`` (and, for the snapshot, ``node`` 18 or later) on the PATH and the packages of ``deploy/site-requirements.txt``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_VERSION = "0.29.0"
# ipywidgets' HTML manager for the first paint: the 1.0 line speaks ipywidgets 8's state (version 2)
HTML_MANAGER_VERSION = "1.0.15"
# Pyodide's lock names these (with their dependencies); we ship its exact versions.
FROM_LOCK = ["micropip", "ipython", "jedi"]
# Dependencies the lock names but the app never needs (binary wheels the npm package lacks,
# or heavy optional ones): left out of the shipped lock and of every package's depends.
LEFT_OUT = {"sqlite3", "matplotlib", "ssl", "openssl", "libopenssl"}
# Not in Pyodide's lock: pinned here (ipywidgets 8 speaks the widget protocol 2 of Voici).
EXTRA_WHEELS = {"comm": "0.2.3", "ipywidgets": "8.1.9"}
KERNEL_WHEELS = ["pyodide_kernel", "piplite", "ipykernel"]  # shipped by jupyterlite-pyodide-kernel
NOTEBOOK_NAME = "unoparty.ipynb"
STORAGE_CELL = ("# The learners and stars of this browser (kept in its storage between visits)\n"
                "from unoparty.progress import browser\n"
                "stored = await browser.load_store_from_browser()")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(cmd: list[str], **kw) -> None:
    print("+", " ".join(map(str, cmd))[:300], flush=True)
    subprocess.run(cmd, check=True, **kw)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_pyodide(cache: Path) -> Path:
    """The npm package ``pyodide@0.29.0`` unpacked; returns its folder."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}" / "package"
    if not (folder / "pyodide.js").exists():
        (cache / f"pyodide-{PYODIDE_VERSION}").mkdir(parents=True, exist_ok=True)
        tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
        if not tgz.exists():
            run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--silent", "--pack-destination", str(cache)])
        with tarfile.open(tgz) as t:
            t.extractall(cache / f"pyodide-{PYODIDE_VERSION}", filter="data")
    return folder


def lock_closure(lock: dict, names: list[str]) -> list[str]:
    """The lock's package keys for `names` and everything they depend on, minus LEFT_OUT."""
    packages = {canonical(k): k for k in lock["packages"]}
    seen: list[str] = []
    todo = [canonical(n) for n in names]
    while todo:
        name = todo.pop()
        key = packages.get(name)
        if key is None:
            raise SystemExit(f"Pyodide's lock file has no package {name!r}")
        if key in seen or name in LEFT_OUT:
            continue
        seen.append(key)
        todo += [canonical(d) for d in lock["packages"][key]["depends"] if canonical(d) not in LEFT_OUT]
    return sorted(seen)


def download(cache: Path, pins: dict[str, str]) -> dict[str, Path]:
    """Pure-Python wheels from PyPI at exactly `pins` (name → version); cached."""
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    found: dict[str, Path] = {}
    missing = {}
    for name, version in pins.items():
        hit = [p for p in wheels.glob("*.whl") if wheel_name(p) == (canonical(name), version)]
        if hit:
            found[name] = hit[0]
        else:
            missing[name] = version
    if missing:
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--python-version", "3.13", "--quiet",
             "--dest", str(wheels), *[f"{n}=={v}" for n, v in missing.items()]])
        for name, version in missing.items():
            hit = [p for p in wheels.glob("*.whl") if wheel_name(p) == (canonical(name), version)]
            if not hit or not hit[0].name.endswith("-none-any.whl"):
                raise SystemExit(f"no pure-Python wheel for {name}=={version}")
            found[name] = hit[0]
    return found


def wheel_name(path: Path) -> tuple[str, str]:
    parts = path.name.split("-")
    return canonical(parts[0]), parts[1]


def wheel_imports(path: Path) -> list[str]:
    """Top-level import names of a wheel (its top_level.txt, else its top folders)."""
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        top = [n for n in names if n.endswith(".dist-info/top_level.txt")]
        if top:
            return [line.strip() for line in z.read(top[0]).decode().splitlines() if line.strip()]
        return sorted({n.split("/")[0].removesuffix(".py") for n in names
                       if not n.split("/")[0].endswith((".dist-info", ".data"))})


def build_app_wheel(work: Path) -> Path:
    """The app's wheel, built from a copy of this tree (with its compiled catalogues)."""
    src = work / "app-src"
    shutil.rmtree(src, ignore_errors=True)
    src.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "unoparty", src / "unoparty", ignore=shutil.ignore_patterns("__pycache__"))
    if not list((src / "unoparty" / "locale").glob("*/LC_MESSAGES/*.mo")):
        print("note: no compiled catalogues (.mo): run `make catalogues` for the other languages")
    dist = work / "app-dist"
    shutil.rmtree(dist, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
         "-w", str(dist), str(src)])
    (wheel,) = dist.glob("unoparty-*.whl")
    return wheel


def kernel_wheels() -> dict[str, Path]:
    """The Pyodide kernel's own wheels, from the installed jupyterlite-pyodide-kernel."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / \
        "pyodide-kernel-extension" / "static" / "pypi"
    found = {}
    for name in KERNEL_WHEELS:
        hits = sorted(share.glob(f"{name}-*-py3-none-any.whl"))
        if not hits:
            raise SystemExit(f"jupyterlite-pyodide-kernel's wheel {name} not found in {share}")
        found[name] = hits[-1]
    return found


def placeholder_wheel(work: Path, name: str, version: str = "1.0.0") -> Path:
    """An empty wheel named `name`: the Pyodide kernel installs ``sqlite3`` at start, which
    the npm package does not ship (a binary module of the full distribution); with this
    placeholder the install succeeds and ``import sqlite3`` still fails cleanly (IPython's
    history then keeps no database, the app never uses it)."""
    path = work / f"{name}-{version}-py3-none-any.whl"
    info = f"{name}-{version}.dist-info"
    files = {
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                            f"Summary: placeholder for the static site (no module inside)\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: unoparty\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{n},,\n" for n in files) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(path, "w") as z:
        for n, text in {**files, f"{info}/RECORD": record}.items():
            z.writestr(zipfile.ZipInfo(n, date_time=(2020, 1, 1, 0, 0, 0)), text)
    return path


def make_pyodide(cache: Path, work: Path, app_wheel: Path) -> tuple[Path, list[str]]:
    """``<lite>/static/pyodide``: Pyodide, the wheels and their lock. Returns the folder and
    the package names the kernel loads at start."""
    npm = fetch_pyodide(cache)
    lock = json.loads((npm / "pyodide-lock.json").read_text())
    keys = lock_closure(lock, FROM_LOCK)
    pins = {k: lock["packages"][k]["version"] for k in keys}
    wheels = download(cache, {**pins, **EXTRA_WHEELS})
    out = work / "lite" / "static" / "pyodide"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "package.json"):
        shutil.copy(npm / name, out / name)
    packages: dict[str, dict] = {}

    def add(key: str, wheel: Path, version: str, depends: list[str], imports: list[str]) -> None:
        shutil.copy(wheel, out / wheel.name)
        packages[key] = {
            "name": key, "version": version, "file_name": wheel.name, "install_dir": "site",
            "sha256": sha256(out / wheel.name), "package_type": "package", "imports": imports,
            "depends": depends, "unvendored_tests": False, "shared_library": False,
        }

    for key in keys:
        entry = lock["packages"][key]
        depends = [d for d in entry["depends"] if canonical(d) not in LEFT_OUT]
        add(key, wheels[key], entry["version"], depends, entry["imports"])
    add("comm", wheels["comm"], EXTRA_WHEELS["comm"], ["traitlets"], ["comm"])
    add("ipywidgets", wheels["ipywidgets"], EXTRA_WHEELS["ipywidgets"], ["comm", "ipython", "traitlets"],
        ["ipywidgets"])
    for name, wheel in kernel_wheels().items():
        key = canonical(name)
        add(key, wheel, wheel_name(wheel)[1], [], wheel_imports(wheel))
    add("sqlite3", placeholder_wheel(work, "sqlite3"), "1.0.0", [], [])
    add("unoparty", app_wheel, wheel_name(app_wheel)[1], ["ipywidgets"], ["unoparty"])
    shipped = {"info": lock["info"], "packages": dict(sorted(packages.items()))}
    (out / "pyodide-lock.json").write_text(json.dumps(shipped, indent=1) + "\n")
    return out, sorted(packages)


# What the memory snapshot holds imported (deploy/make_snapshot.mjs): what the kernel's start
# and the app notebook's cells import — the last line, what building the app (App()) imports
# lazily on the site, found by comparing sys.modules after the restore with sys.modules after
# the app's cell (a module imported after the restore is compiled from its source, and looked
# for along sys.path, each visit: 0.4 s of the app's cell for these).
SNAPSHOT_IMPORTS = ["piplite.piplite", "IPython", "pyodide_kernel", "ipywidgets", "unoparty.views",
                    "unoparty.views.app", "unoparty.progress.browser",
                    "encodings.utf_8_sig", "unoparty.access", "unoparty.progress.migrations.m0001_baseline",
                    "unoparty.progress.migrations.m0002_learner_keys", "unoparty.progress.migrations.m0010_live_tables",
                    "unoparty.progress.migrations.m0022_visible_names", "unoparty.scenarios.curriculum",
                    "unoparty.session.sign_in", "unoparty.unsaved", "unoparty.views.curricula",
                    "unoparty.views.language", "unoparty.views.learner", "unoparty.views.scenarios_page"]
# Modules the app tries to import that the site does not ship (views.keys's anywidget: no keys
# and no full-screen button on the site), marked missing in the snapshot: their import fails
# at once (it looked along sys.path, 0.3 s of the app's cell after a restore).
SNAPSHOT_MISSING = ["anywidget"]
SNAPSHOT_MANIFEST = "unoparty-snapshot.json"
START_SCRIPT = "unoparty-start.js"   # deploy/site_start.js: the kernel's pyodideUrl when there is a snapshot


def make_snapshot(pyodide_dir: Path, packages: list[str]) -> dict | None:
    """Python's memory with the site's packages imported (:data:`SNAPSHOT_IMPORTS`), made
    in Node from the shipped Pyodide and wheels (``deploy/make_snapshot.mjs``), gzipped
    into ``unoparty-snapshot-<sha256 prefix>.bin.gz`` beside them, with its manifest
    (:data:`SNAPSHOT_MANIFEST`: the file, its unpacked size, the packages) and the
    worker's start script (:data:`START_SCRIPT`). Returns the manifest, or None (and a
    note) if Node cannot make it: the site then starts Python the plain way."""
    raw = pyodide_dir / "unoparty-snapshot.bin"
    node = shutil.which("node")
    try:
        if node is None:
            raise OSError("node is not on the PATH")
        run([node, str(ROOT / "deploy" / "make_snapshot.mjs"), str(pyodide_dir), str(raw),
             json.dumps(sorted(packages)), json.dumps(SNAPSHOT_IMPORTS), json.dumps(SNAPSHOT_MISSING)], timeout=900)
        data = raw.read_bytes()
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as exc:
        print(f"note: no memory snapshot ({exc}): the site starts Python the plain way")
        return None
    finally:
        raw.unlink(missing_ok=True)
    packed = gzip.compress(data, compresslevel=6, mtime=0)
    name = f"unoparty-snapshot-{hashlib.sha256(packed).hexdigest()[:16]}.bin.gz"
    (pyodide_dir / name).write_bytes(packed)
    files, files_bytes = site_packages_bundle(pyodide_dir, packages)
    info = {"file": name, "bytes": len(data), "files": files, "files_bytes": files_bytes,
            "packages": sorted(packages), "imports": SNAPSHOT_IMPORTS, "missing": SNAPSHOT_MISSING,
            "pyodide": PYODIDE_VERSION}
    (pyodide_dir / SNAPSHOT_MANIFEST).write_text(json.dumps(info, indent=1) + "\n")
    shutil.copy(ROOT / "deploy" / "site_start.js", pyodide_dir / START_SCRIPT)
    print(f"memory snapshot: {len(data) / 1e6:.1f} MB, {len(packed) / 1e6:.1f} MB gzipped ({name})")
    return info


BUNDLE_MAGIC = b"UPFILES1"


def site_packages_bundle(pyodide_dir: Path, packages: list[str]) -> tuple[str, int]:
    """Every file of the wheels of `packages` in one gzipped file, for the worker to write
    into site-packages after a restore (the snapshot holds no files; installing 22 wheels
    one by one through Pyodide's package loader took longer than the restore saved).
    Layout: :data:`BUNDLE_MAGIC`, the index's length (4 bytes, little-endian), the index
    (JSON ``[[path in site-packages, size], ...]``), then the files' bytes in that order.
    Returns the bundle's name (``unoparty-files-<sha256 prefix>.bin.gz``) and its unpacked size."""
    lock = json.loads((pyodide_dir / "pyodide-lock.json").read_text())
    index: list[list[object]] = []
    chunks: list[bytes] = []
    for key in sorted(packages):
        with zipfile.ZipFile(pyodide_dir / lock["packages"][key]["file_name"]) as z:
            for member in z.infolist():
                if member.is_dir():
                    continue
                data = z.read(member)
                index.append([member.filename, len(data)])
                chunks.append(data)
    head = json.dumps(index, separators=(",", ":")).encode()
    raw = BUNDLE_MAGIC + len(head).to_bytes(4, "little") + head + b"".join(chunks)
    packed = gzip.compress(raw, compresslevel=6, mtime=0)
    name = f"unoparty-files-{hashlib.sha256(packed).hexdigest()[:16]}.bin.gz"
    (pyodide_dir / name).write_bytes(packed)
    return name, len(raw)


def write_lite_dir(work: Path, packages: list[str]) -> Path:
    lite = work / "lite"
    content = lite / "content"
    shutil.rmtree(content, ignore_errors=True)
    content.mkdir(parents=True)
    nb = json.loads((ROOT / "unoparty" / "app" / "Start here.ipynb").read_text(encoding="utf-8"))
    nb["cells"].insert(0, {"cell_type": "code", "execution_count": None, "id": "browser-storage",
                           "metadata": {}, "outputs": [], "source": STORAGE_CELL})
    nb["metadata"]["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    (content / NOTEBOOK_NAME).write_text(json.dumps(nb, indent=1), encoding="utf-8")
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "UNO Party!",
            "disabledExtensions": [],
            "litePluginSettings": {
                "@jupyterlite/pyodide-kernel-extension:kernel": {
                    "disablePyPIFallback": True,
                    "pipliteUrls": [],
                    "loadPyodideOptions": {"packages": packages},
                }
            },
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n")
    return lite


REMOTE = re.compile(r"""(?:src|href)\s*=\s*["']https?://|import\(\s*["']https?://|url\(\s*["']?https?://""")
# The CDNs the bundled JupyterLite, Voici and Pyodide name as fallbacks (Pyodide's
# packages, the kernel's default pyodide.js, MathJax): the site ships its own Pyodide, the
# app shows no mathematics, so the fallbacks become "about:blank", which no browser fetches.
CDN = re.compile(r"""https?://(?:cdn\.jsdelivr\.net|cdnjs\.cloudflare\.com|unpkg\.com|fonts\.googleapis\.com|"""
                 r"""fonts\.gstatic\.com)/[^"'`\s)]*""")
TEXT_FILES = (".html", ".js", ".mjs", ".cjs", ".json", ".css", ".webmanifest")


def strip_cdn(out: Path) -> None:
    """Drop the template's links to CDNs (icon font, Mermaid) from every page, and make
    every fallback URL to a CDN in the shipped files (:data:`CDN`) ``about:blank``: no
    file of the site names a CDN.

    Raises:
        SystemExit: a page still loads something from another site."""
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new = re.sub(r'\s*<link rel="stylesheet" href="https?://[^"]*"[^>]*>', "", text)
        new = re.sub(r'<script type="module">(?:(?!</script>).)*?mermaid(?:(?!</script>).)*</script>', "",
                     new, flags=re.S)
        if new != text:
            page.write_text(new, encoding="utf-8")
        left = REMOTE.findall(new)
        if left:
            raise SystemExit(f"{page} still loads from another site: {left[:3]}")
    for path in out.rglob("*"):
        if not path.is_file() or not path.name.endswith(TEXT_FILES):
            continue
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        new = CDN.sub("about:blank", text)
        if new != text:
            path.write_text(new, encoding="utf-8", errors="surrogateescape")


KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
CONFIG_TAG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S)


def kernel_settings(old: dict, base: str, packages: list[str], script: str = "pyodide.js") -> dict:
    """The Pyodide kernel's settings for a page whose site root is `base` ("./", "../../"):
    its worker loads `script` from ``static/pyodide/`` (Pyodide's own, or :data:`START_SCRIPT`
    with a memory snapshot)."""
    return {**old, "pyodideUrl": f"{base}static/pyodide/{script}", "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": packages}}


def patch_config(out: Path, packages: list[str], script: str = "pyodide.js") -> None:
    """Point the kernel at the shipped Pyodide in ``jupyter-lite.json`` and in the config
    every page embeds (Voici's pages carry their own copy: the build's merge loses ours)."""
    for path in out.rglob("jupyter-lite.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        config = data.setdefault("jupyter-config-data", {})
        base = "../" * len(path.parent.relative_to(out).parts) or "./"
        plugins = config.setdefault("litePluginSettings", {})
        plugins[KERNEL_PLUGIN] = kernel_settings(plugins.get(KERNEL_PLUGIN, {}), base, packages, script)
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        match = CONFIG_TAG.search(text)
        if not match:
            continue
        config = json.loads(match.group(2))
        base = config.get("baseUrl", "./")
        plugins = config.setdefault("litePluginSettings", {})
        plugins[KERNEL_PLUGIN] = kernel_settings(plugins.get(KERNEL_PLUGIN, {}), base, packages, script)
        new = json.dumps(config).replace("</", "<\\/")
        page.write_text(text[:match.start(2)] + new + text[match.end(2):], encoding="utf-8")


def write_index(out: Path) -> None:
    """``index.html`` opens the app (the JupyterLite index it replaces listed the files)."""
    target = f"voici/render/{NOTEBOOK_NAME.removesuffix('.ipynb')}.html"
    (out / "index.html").write_text(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>UNO Party!</title>\n"
        f"<meta http-equiv=\"refresh\" content=\"0; url={target}\"></head>\n"
        f"<body><p><a href=\"{target}\">UNO Party! — learn to play</a></p></body></html>\n",
        encoding="utf-8")


def fetch_html_manager(cache: Path) -> Path:
    """``dist/embed.js`` of the npm package ``@jupyter-widgets/html-manager`` (cached)."""
    folder = cache / f"html-manager-{HTML_MANAGER_VERSION}"
    embed = folder / "package" / "dist" / "embed.js"
    if not embed.exists():
        folder.mkdir(parents=True, exist_ok=True)
        tgz = cache / f"jupyter-widgets-html-manager-{HTML_MANAGER_VERSION}.tgz"
        if not tgz.exists():
            run(["npm", "pack", f"@jupyter-widgets/html-manager@{HTML_MANAGER_VERSION}", "--silent",
                 "--pack-destination", str(cache)])
        with tarfile.open(tgz) as t:
            t.extractall(folder, filter="data")
    return embed


def make_paint(work: Path) -> dict | None:
    """The landing page's saved widget state and the "Starting Python…" sentences
    (:func:`unoparty.views.paint.main`, run on the tree copied for the app's wheel, with
    its compiled catalogues); None (and a note) if it cannot be made: the plain page then."""
    out = work / "paint.json"
    out.unlink(missing_ok=True)
    env = {**os.environ, "PYTHONPATH": str(work / "app-src")}
    env.pop("UNOPARTY_DB", None)
    try:
        run([sys.executable, "-m", "unoparty.views.paint", str(out)], cwd=work, env=env)
        return json.loads(out.read_text(encoding="utf-8"))
    except (subprocess.CalledProcessError, OSError, ValueError) as exc:
        print(f"note: no first paint ({exc}): the site shows Voici's spinner until Python has started")
        return None


PAINT_CSS = """
#up-painted { position: fixed; inset: 0; z-index: 1000; overflow: auto; padding: 8px 16px;
  background: var(--jp-layout-color0, #fff); }
#up-painted .up-painted-app { pointer-events: none; user-select: none; }
#up-painted .jupyter-widgets-disconnected::before { content: none !important; display: none !important; }
#up-painted .up-starting { position: sticky; top: 0; z-index: 10; margin: 0 0 8px; padding: 10px 16px;
  border-radius: 10px; background: #1f2937; color: #fff; font: 600 16px/1.4 sans-serif; }
#up-painted .up-starting::before { content: ""; display: inline-block; width: 12px; height: 12px;
  margin-right: 10px; border: 3px solid #fff; border-right-color: transparent; border-radius: 50%;
  vertical-align: -2px; animation: up-turn 1s linear infinite; }
@keyframes up-turn { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { #up-painted .up-starting::before { animation: none; } }
body.up-is-painted #loading { display: none !important; }
"""

# Over Voici's page (its panels are laid out absolutely) until the app is live. Shows the
# sentence in the browser's language; removes the painted page once the live app
# (in Voici's cells) is on screen. `inert` and aria-hidden: the picture takes no click, no
# focus, and a screen reader hears only the status.
PAINT_JS = """
(function () {
  var words = %(words)s;
  var langs = (navigator.languages || [navigator.language || "en"]).map(function (l) { return String(l).toLowerCase(); });
  var pick = "en";
  for (var i = 0; i < langs.length; i++) {
    var l = langs[i].split("-")[0];
    if (l === "no" || l === "nn") l = "nb";
    if (words[l]) { pick = l; break; }
  }
  var status = document.querySelector("#up-painted .up-starting");
  status.textContent = words[pick];
  status.lang = pick;
  document.body.classList.add("up-is-painted");
  var timer = setInterval(function () {
    var live = document.querySelector("#rendered_cells .up-app");
    if (live && live.offsetParent !== null) {
      clearInterval(timer);
      var painted = document.getElementById("up-painted");
      if (painted) painted.parentNode.removeChild(painted);
      document.body.classList.remove("up-is-painted");
    }
  }, 100);
})();
"""


def inject_paint(page: Path, paint: dict, embed_src: str) -> None:
    """Put the painted landing page at the top of `page`'s body (see :data:`PAINT_JS`)."""
    text = page.read_text(encoding="utf-8")
    body = re.search(r"<body[^>]*>", text)
    if body is None:
        raise SystemExit(f"{page} has no <body>: cannot paint it")

    def script_json(data: object) -> str:
        return json.dumps(data, separators=(",", ":")).replace("</", "<\\/")

    view = {"version_major": 2, "version_minor": 0, "model_id": paint["view"]}
    block = (
        f'\n<style>{PAINT_CSS}</style>\n'
        f'<div id="up-painted" class="jp-RenderedHTMLCommon">'
        f'<p class="up-starting" role="status">{html.escape(paint["starting"].get("en", "Starting Python…"))}</p>'
        f'<div class="up-painted-app" inert aria-hidden="true">'
        f'<script type="application/vnd.jupyter.widget-state+json">{script_json(paint["state"])}</script>'
        f'<script type="application/vnd.jupyter.widget-view+json">{script_json(view)}</script>'
        f'</div></div>\n'
        f'<script>{PAINT_JS % {"words": script_json(paint["starting"])}}</script>\n'
        f'<script src="{embed_src}"></script>\n')
    page.write_text(text[:body.end()] + block + text[body.end():], encoding="utf-8")


def paint_site(out: Path, cache: Path, paint: dict | None) -> bool:
    """The first paint in the app's page (``voici/render/``), with the HTML manager copied to
    ``static/paint/embed.js``; False when there is no paint (the plain page)."""
    if paint is None:
        return False
    embed = fetch_html_manager(cache)
    target = out / "static" / "paint"
    target.mkdir(parents=True, exist_ok=True)
    shutil.copy(embed, target / "embed.js")
    licence = embed.with_name("embed.js.LICENSE.txt")
    if licence.exists():
        shutil.copy(licence, target / licence.name)
    page = out / "voici" / "render" / f"{NOTEBOOK_NAME.removesuffix('.ipynb')}.html"
    inject_paint(page, paint, "../../static/paint/embed.js")
    return True


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "site")
    ap.add_argument("--cache", type=Path, default=ROOT / "build" / "site-cache")
    ap.add_argument("--no-snapshot", action="store_true", help="no memory snapshot: Python starts the plain way")
    args = ap.parse_args(argv)
    cache, work = args.cache.resolve(), (args.cache / "work").resolve()
    cache.mkdir(parents=True, exist_ok=True)
    app_wheel = build_app_wheel(work)
    pyodide_dir, packages = make_pyodide(cache, work, app_wheel)
    snapshot = None if args.no_snapshot else make_snapshot(pyodide_dir, packages)
    lite = write_lite_dir(work, packages)
    paint = make_paint(work)
    out = args.out.resolve()
    shutil.rmtree(out, ignore_errors=True)
    voici = shutil.which("voici", path=str(Path(sys.executable).parent)) or "voici"
    run([voici, "build", "--contents", "content", "--output-dir", str(out), "--no-sourcemaps",
         "--no-unused-shared-packages"], cwd=lite)
    for junk in (".jupyterlite.doit.db",):
        (out / junk).unlink(missing_ok=True)
    painted = paint_site(out, cache, paint)
    strip_cdn(out)
    patch_config(out, packages, START_SCRIPT if snapshot else "pyodide.js")
    write_index(out)
    print(f"site: {out} ({folder_size(out) / 1e6:.1f} MB){'' if painted else ', no first paint'}"
          f"{'' if snapshot else ', no memory snapshot'}; "
          "open index.html from any static web server")
    return 0


if __name__ == "__main__":
    sys.exit(main())
