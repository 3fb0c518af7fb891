#!/usr/bin/env python3
"""Exports the example receiver's recorded traffic as JSON Lines for `inboxcheck conform`.

    python3 examples/python-receiver/export_log.py DATA_FOLDER > receiver.jsonl
    java -jar target/inboxcheck.jar conform receiver.jsonl

DATA_FOLDER is the receiver's --data folder (or the receiver.sqlite3 file itself). The first line
states the retention and the supported event types in force; every other line is one entry of the
receiver's audit, oldest first, exactly as the receiver stored it: the shape of the receiver
protocol's audit entries, which conform reads (docs/conform.md). The file is opened read-only, so
the export can run beside a receiver that is serving.

Standard library only.
"""

import json
import os
import sqlite3
import sys


def database_path(argument):
    if os.path.isdir(argument):
        return os.path.join(argument, "receiver.sqlite3")
    return argument


def export(path, out):
    if not os.path.isfile(path):
        sys.exit("export_log.py: no receiver database at " + path)
    db = sqlite3.connect("file:" + path + "?mode=ro", uri=True)
    try:
        settings = {key: json.loads(value) for key, value in db.execute("SELECT key, value FROM settings")}
        out.write(json.dumps({"kind": "settings", "retention": settings["retention"],
                              "supported_types": settings["supported_types"]}) + "\n")
        for (entry,) in db.execute("SELECT entry FROM audit ORDER BY seq"):
            out.write(entry + "\n")
    finally:
        db.close()


def main():
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        sys.exit(__doc__.strip().splitlines()[0] + "\nusage: export_log.py DATA_FOLDER > receiver.jsonl")
    export(database_path(sys.argv[1]), sys.stdout)


if __name__ == "__main__":
    main()
