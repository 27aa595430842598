// The static site's memory snapshot (issue 20), made at build time by deploy/build_site.py:
//
//     node deploy/make_snapshot.mjs PYODIDE_DIR OUT.bin PACKAGES_JSON IMPORTS_JSON [MISSING_JSON]
//
// Starts Pyodide in Node from PYODIDE_DIR (the site's static/pyodide: Pyodide, the wheels
// and their pyodide-lock.json), writes every wheel of PACKAGES_JSON (the lock's package
// names) into site-packages with Python's own zipfile — not with loadPackage, whose
// JavaScript references a snapshot cannot keep ("Unexpected hiwire entry") — imports
// IMPORTS_JSON (module names: IPython, the kernel, ipywidgets, the app), marks the modules
// of MISSING_JSON missing (sys.modules[name] = None: the app tries them, the site does not
// ship them; their import then fails at once instead of looking along sys.path, 0.3 s
// after a restore, which reads the standard library's zip index again), then writes
// Pyodide's memory (makeMemorySnapshot, an experimental API of Pyodide 0.29.0) to OUT.bin.
//
// The snapshot keeps Python's memory only: the files written here are not in it (Emscripten's
// file system lives in JavaScript), so the browser installs the wheels again after the
// restore (deploy/site_start.js), and every module imported here must not have read
// anything at import time that differs between Node and a browser's worker.
//
// The JavaScript objects the imported modules keep are Pyodide's API and its members
// (pyodide_kernel.kernel's `from pyodide_js import loadPackagesFromImports`, micropip's
// loadPackage, loadedPackages and _api.install): written as {"pyodide": name, "kind": typeof} and bound
// again by the browser's deserializer; any other object fails the snapshot (exit 1: the
// build then ships none and the site starts Python the plain way).

import { readFileSync, writeFileSync } from "node:fs";
import { resolve, join } from "node:path";
import { pathToFileURL } from "node:url";

const [dir, out, packagesJson, importsJson, missingJson = "[]"] = process.argv.slice(2);
if (!dir || !out || !packagesJson || !importsJson) {
  console.error("usage: node make_snapshot.mjs PYODIDE_DIR OUT.bin PACKAGES_JSON IMPORTS_JSON [MISSING_JSON]");
  process.exit(2);
}
const indexURL = resolve(dir) + "/";
const { loadPyodide } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const lock = JSON.parse(readFileSync(join(indexURL, "pyodide-lock.json"), "utf8"));
const packages = JSON.parse(packagesJson);
const imports = JSON.parse(importsJson);
const missing = JSON.parse(missingJson);

const started = Date.now();
const times = {};
const py = await loadPyodide({ indexURL, _makeSnapshot: true, packages: [], stdout: () => {}, stderr: (t) => console.error(t) });
times.start_s = (Date.now() - started) / 1000;
const site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
py.FS.mkdirTree("/tmp/wheels");
for (const name of packages) {
  const entry = lock.packages[name];
  if (!entry) {
    throw new Error(`pyodide-lock.json has no package ${name}`);
  }
  py.FS.writeFile(`/tmp/wheels/${entry.file_name}`, readFileSync(join(indexURL, entry.file_name)));
}
py.runPython(`
import os, zipfile, importlib
for name in sorted(os.listdir("/tmp/wheels")):
    with zipfile.ZipFile("/tmp/wheels/" + name) as z:
        z.extractall(${JSON.stringify(site)})
    os.remove("/tmp/wheels/" + name)
importlib.invalidate_caches()
`);
times.wheels_s = (Date.now() - started) / 1000;
for (const name of imports) {
  await py.runPythonAsync(`import ${name}`);
}
times.imports_s = (Date.now() - started) / 1000;
for (const name of missing) {
  py.runPython(`
import importlib.util, sys
if importlib.util.find_spec(${JSON.stringify(name)}) is not None:
    raise RuntimeError(${JSON.stringify(name + " is shipped: it cannot be marked missing")})
sys.modules[${JSON.stringify(name)}] = None
`);
}
// what the worker does at its start, once the kernel is imported (its streams and piplite's
// settings are set again after the restore); nothing is left in __main__
py.runPython("import gc; gc.collect()");

// Pyodide's API and its members (the kernel's loadPackagesFromImports, micropip's
// loadPackage and loadedPackages), by name; the worker binds them again (deploy/site_start.js)
const keep = new Map([[py, { pyodide: "API" }]]);
for (const [owner, api] of [[py, false], [py._api, true]]) {  // micropip: pyodide_js._api.install
  for (const name of Object.getOwnPropertyNames(owner)) {
    let value;
    try {
      value = owner[name];
    } catch (e) {
      continue;
    }
    if (value && ["object", "function"].includes(typeof value) && !keep.has(value)) {
      keep.set(value, { pyodide: name, kind: typeof value, ...(api ? { api: true } : {}) });
    }
  }
}
const snapshot = py.makeMemorySnapshot({
  serializer: (obj) => {
    if (keep.has(obj)) {
      return keep.get(obj);
    }
    const keys = obj && typeof obj === "object" ? Object.keys(obj).slice(0, 20).join(",") : "";
    throw new Error(`the snapshot cannot keep the JavaScript object ${String(obj).slice(0, 200)} (keys: ${keys})`);
  },
});
writeFileSync(out, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length, ...times, seconds: (Date.now() - started) / 1000,
                             packages: packages.length, imports, missing }));
