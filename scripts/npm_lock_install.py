#!/usr/bin/env python3
"""Installs the packages of an npm lockfile (package-lock.json, lockfileVersion 2 or 3) into the folder beside it:
each package's tarball from its `resolved` address (or, where the lock leaves it out, the npm registry's address for
its name and version), checked against its `integrity` hash, unpacked at its path in the lock (node_modules/<name>). What `npm ci` does for packages without install scripts, without Debian's npm and the
350 packages it depends on (scripts/setup.sh). Refuses a package with install scripts, which it cannot run.
Usage: scripts/npm_lock_install.py FOLDER   (FOLDER holds package-lock.json)"""
import base64
import hashlib
import io
import json
import shutil
import sys
import tarfile
import urllib.request
from pathlib import Path

REGISTRY = "https://registry.npmjs.org"


def address(path: str, package: dict) -> str:
    if "resolved" in package:
        return package["resolved"]
    name = path.rpartition("node_modules/")[2]   # (@scope/name or name)
    return f"{REGISTRY}/{name}/-/{name.rpartition('/')[2]}-{package['version']}.tgz"


def fetch(url: str, integrity: str) -> bytes:
    algorithm, _, digest = integrity.partition("-")
    if algorithm not in ("sha512", "sha384", "sha256", "sha1"):
        sys.exit(f"npm_lock_install: {url}: unknown integrity '{integrity}'")
    with urllib.request.urlopen(url, timeout=120) as r:
        data = r.read()
    if base64.b64encode(hashlib.new(algorithm, data).digest()).decode() != digest:
        sys.exit(f"npm_lock_install: {url}: the tarball does not match its integrity hash in the lockfile")
    return data


def unpack(data: bytes, into: Path) -> None:
    if into.exists():
        shutil.rmtree(into)
    into.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for member in tar.getmembers():
            parts = Path(member.name).parts[1:]   # (every file is under one top folder, usually package/)
            if not parts or ".." in parts or not (member.isfile() or member.isdir()):
                continue
            target = into.joinpath(*parts)
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(tar.extractfile(member).read())
            target.chmod(0o755 if member.mode & 0o111 else 0o644)


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    folder = Path(sys.argv[1])
    lock = json.loads((folder / "package-lock.json").read_text())
    for path, package in lock.get("packages", {}).items():
        if not path:
            continue   # (the project itself)
        if package.get("hasInstallScript"):
            sys.exit(f"npm_lock_install: {path} has install scripts; use npm ci")
        unpack(fetch(address(path, package), package["integrity"]), folder / path)
    (folder / "node_modules" / ".package-lock.json").write_text(json.dumps(lock, indent=2))


if __name__ == "__main__":
    main()
