"""scripts/npm_lock_install.py (set-up's npm ci without npm): a lockfile's package is unpacked at its path when its
tarball matches the lock's integrity hash, refused when it does not, and its registry address is npm's for plain and
scoped names. Offline: the tarballs are made here and read from file:// addresses. Run by the checks stage of
scripts/test.sh: python3 -m unittest discover -s tests/scripts
"""
import base64
import hashlib
import io
import json
import os
import sys
import tarfile
import tempfile
import unittest
from pathlib import Path

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import npm_lock_install  # noqa: E402


def tarball(files: dict) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo("package/" + name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


def integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


class NpmLockInstall(unittest.TestCase):
    def install(self, stored: bytes, hashed: bytes) -> Path:
        folder = Path(tempfile.mkdtemp())
        (folder / "demo.tgz").write_bytes(stored)
        lock = {"lockfileVersion": 3, "packages": {"": {}, "node_modules/demo": {
            "version": "1.0.0", "resolved": (folder / "demo.tgz").as_uri(), "integrity": integrity(hashed)}}}
        (folder / "package-lock.json").write_text(json.dumps(lock))
        sys.argv = ["npm_lock_install.py", str(folder)]
        npm_lock_install.main()
        return folder

    def test_unpacks_a_package_that_matches_its_hash(self):
        data = tarball({"index.js": "module.exports = 1;\n", "lib/a.js": "x\n"})
        folder = self.install(data, data)
        self.assertEqual((folder / "node_modules/demo/index.js").read_text(), "module.exports = 1;\n")
        self.assertTrue((folder / "node_modules/demo/lib/a.js").is_file())

    def test_refuses_a_tarball_that_does_not_match(self):
        with self.assertRaises(SystemExit) as e:
            self.install(tarball({"index.js": "evil\n"}), tarball({"index.js": "good\n"}))
        self.assertIn("does not match its integrity hash", str(e.exception.code))

    def test_registry_addresses(self):
        self.assertEqual(npm_lock_install.address("node_modules/axe-core", {"version": "4.10.3"}),
                         "https://registry.npmjs.org/axe-core/-/axe-core-4.10.3.tgz")
        self.assertEqual(npm_lock_install.address("node_modules/a/node_modules/@s/b", {"version": "2.0.0"}),
                         "https://registry.npmjs.org/@s/b/-/b-2.0.0.tgz")


if __name__ == "__main__":
    unittest.main()
