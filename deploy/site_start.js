// Python's start in the static site's kernel worker (issue 20), copied by deploy/build_site.py
// to static/pyodide/unoparty-start.js: the Pyodide kernel's `pyodideUrl` names this file, the
// kernel's worker loads it with importScripts and calls the `loadPyodide` it defines with
// its options (indexURL: this folder; packages: every wheel of the site).
//
// With a memory snapshot (unoparty-snapshot.json names it; made at build time by
// deploy/make_snapshot.mjs: Python with IPython, the kernel, ipywidgets and the app already
// imported), Pyodide is restored from it instead of starting and importing all again; then
// the wheels' files are written into site-packages from one bundle (the snapshot holds
// Python's memory, not its file system) and `random` is seeded again (else every learner
// of the site would get the same deals). If any of that fails (no snapshot, an old or
// damaged one, another browser's limits), Python starts the plain way, as without this file.
// It stands on Pyodide's experimental snapshot API: the build pins Pyodide (0.29.0).
//
// What happened is kept in the worker's `self.unopartyStart` ({how: "snapshot" | "plain",
// reason, ms: since this file ran, the steps' milliseconds (snapshot_fetched_ms: since this
// file ran, the snapshot and the files' bundle fetched and unpacked; restored_ms: loadPyodide,
// which loads Pyodide's own files meanwhile; files_ms: the files written), at: Date.now()
// when Python was ready, random: a draw of `random` after the new seed}) and written to the console, for
// deploy/tests/test_site.py and benchmarks/load.py.
(function () {
  "use strict";
  var started = Date.now();

  function gunzip(bytes) {
    // gzip's magic number: a server that sent the file with Content-Encoding: gzip has
    // already unpacked it
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) {
      return Promise.resolve(bytes);
    }
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then(function (b) { return new Uint8Array(b); });
  }

  // the download of the snapshot and of the files' bundle: `info`, the manifest checked;
  // `data`, both files fetched and unpacked ({snapshot, files})
  function fetchSnapshot(indexURL, packages) {
    // the small manifest is checked with the server every time (a new build names a new file)
    var info = fetch(indexURL + "unoparty-snapshot.json", { cache: "no-cache" }).then(function (r) {
      if (!r.ok) {
        throw new Error("no snapshot (" + r.status + ")");
      }
      return r.json();
    }).then(function (info) {
      if (JSON.stringify(info.packages) !== JSON.stringify(packages.slice().sort())) {
        throw new Error("the snapshot was made with other packages");
      }
      return info;
    });
    var data = info.then(function (info) {
      return Promise.all([fetchFile(indexURL, info.file, info.bytes), fetchFile(indexURL, info.files, info.files_bytes)]);
    }).then(function (got) {
      return { snapshot: got[0], files: got[1] };
    });
    info.catch(function () {});   // both awaited by fromSnapshot: not unhandled rejections meanwhile
    data.catch(function () {});
    return { info: info, data: data };
  }

  async function fetchFile(indexURL, name, size) {
    var data = await fetch(indexURL + name);
    if (!data.ok) {
      throw new Error(name + ": " + data.status);
    }
    var bytes;
    try {
      bytes = await gunzip(new Uint8Array(await data.arrayBuffer()));
    } catch (e) {  // a gzip stream cut short
      throw new Error(name + " is damaged (" + String((e && e.message) || e) + ")");
    }
    if (bytes.length !== size) {
      throw new Error(name + " has " + bytes.length + " bytes, not " + size);
    }
    return bytes;
  }

  // the wheels' files (deploy/build_site.py's site_packages_bundle), written into
  // site-packages: what Pyodide's loadPackage would write, without unpacking 22 wheels
  function writeFiles(py, bundle) {
    var magic = new TextDecoder().decode(bundle.subarray(0, 8));
    if (magic !== "UPFILES1") {
      throw new Error("the files' bundle has no magic number");
    }
    var length = new DataView(bundle.buffer, bundle.byteOffset + 8, 4).getUint32(0, true);
    var index = JSON.parse(new TextDecoder().decode(bundle.subarray(12, 12 + length)));
    var site = py.runPython("import sysconfig; sysconfig.get_path('purelib')");
    var made = {};
    var at = 12 + length;
    for (var i = 0; i < index.length; i++) {
      var path = site + "/" + index[i][0];
      var folder = path.slice(0, path.lastIndexOf("/"));
      if (!made[folder]) {
        py.FS.mkdirTree(folder);
        made[folder] = true;
      }
      py.FS.writeFile(path, bundle.subarray(at, at + index[i][1]));
      at += index[i][1];
    }
    if (at !== bundle.length) {
      throw new Error("the files' bundle does not match its index");
    }
  }

  // the JavaScript objects the snapshot names (deploy/make_snapshot.mjs): Pyodide's API,
  // bound once Pyodide is back
  function deserializer(holder) {
    return function (value) {
      var name = value && value.pyodide;
      if (name === "API") {
        return new Proxy({}, {
          get: function (_, key) {
            var v = Reflect.get(holder.py, key);
            return typeof v === "function" ? v.bind(holder.py) : v;
          },
          has: function (_, key) { return Reflect.has(holder.py, key); },
        });
      }
      var owner = function () { return value.api ? holder.py._api : holder.py; };
      if (typeof name === "string" && value.kind === "function") {
        return function () { var o = owner(); return o[name].apply(o, arguments); };
      }
      if (typeof name === "string") {  // an object of the API (loadedPackages): forwarded
        var target = function () { return owner()[name]; };
        return new Proxy({}, {
          get: function (_, key) { return Reflect.get(target(), key); },
          set: function (_, key, v) { return Reflect.set(target(), key, v); },
          has: function (_, key) { return Reflect.has(target(), key); },
          deleteProperty: function (_, key) { return Reflect.deleteProperty(target(), key); },
          ownKeys: function () { return Reflect.ownKeys(target()); },
          getOwnPropertyDescriptor: function (_, key) {
            var d = Reflect.getOwnPropertyDescriptor(target(), key);
            if (d) { d.configurable = true; }
            return d;
          },
        });
      }
      throw new Error("the snapshot names an unknown object " + JSON.stringify(value));
    };
  }

  // `download`: the snapshot's (fetchSnapshot), started before Pyodide's own files
  async function fromSnapshot(real, options, steps, download) {
    var packages = options.packages || [];
    await download.info;   // no snapshot: the plain start, without starting Pyodide twice
    var t = Date.now();
    var holder = {};
    // loadPyodide takes the snapshot as a promise (Pyodide 0.29's prepareSnapshot awaits it
    // just before it instantiates the interpreter): its download and unpacking overlap
    // Pyodide's own files (pyodide.asm.js, the WebAssembly, the standard library). It
    // resolves once the files' bundle is here too, so that a damaged bundle fails before
    // Python is restored (then the plain start, as before)
    var config = Object.assign({}, options, {
      packages: [], _loadSnapshot: download.data.then(function (g) {
        steps.snapshot_fetched_ms = Date.now() - started;
        return g.snapshot;
      }),
      _snapshotDeserializer: deserializer(holder),
    });
    var py = await real(config);
    steps.restored_ms = Date.now() - t;
    var files = (await download.data).files;
    holder.py = py;
    t = Date.now();
    writeFiles(py, files);
    // the packages count as loaded (their import in a cell then loads nothing again)
    packages.forEach(function (name) { py.loadedPackages[name] = "default channel"; });
    steps.files_ms = Date.now() - t;
    // a check that Python answers, and a new seed for `random` (the snapshot's is every visit's):
    // one draw of it is kept, for the test that two visits draw differently. loadPyodide put
    // "" (the working folder) first in sys.path again after the restore, where the snapshot
    // already had it: one is dropped (each import not in the snapshot looked in the kernel's
    // working folder, its drive, twice)
    steps.random = py.runPython("import importlib, random, sys\n" +
                                "if sys.path[:2] == ['', '']:\n    del sys.path[0]\n" +
                                "importlib.invalidate_caches()\nrandom.seed()\n" +
                                "assert 'pyodide_kernel' in sys.modules\nstr(random.getrandbits(64))");
    return py;
  }

  var wrapper = async function loadPyodide(options) {
    // the snapshot's download first: it goes on while the worker loads pyodide.js
    var download = fetchSnapshot(options.indexURL, options.packages || []);
    importScripts(options.indexURL + "pyodide.js");
    var real = self.loadPyodide;
    self.loadPyodide = wrapper;
    var reason = "";
    var steps = {};
    try {
      var py = await fromSnapshot(real, options, steps, download);
      self.unopartyStart = Object.assign({ how: "snapshot", ms: Date.now() - started, at: Date.now() }, steps);
      console.log("unoparty: Python restored from its memory snapshot in " + self.unopartyStart.ms + " ms");
      return py;
    } catch (e) {
      reason = String((e && e.message) || e).slice(0, 500);
      console.warn("unoparty: the memory snapshot was not used (" + reason + "); Python starts the plain way");
    }
    var t = Date.now();
    var plain = await real(options);
    self.unopartyStart = { how: "plain", reason: reason, ms: Date.now() - started, plain_ms: Date.now() - t, at: Date.now() };
    return plain;
  };
  self.loadPyodide = wrapper;
})();
