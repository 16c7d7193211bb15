#!/usr/bin/env python3
"""Writes GridBench's bad-input corpus: every reader, every class of malformed input.

From one valid file per reader (base/), it writes one file per malformation into cases/ and
lists each in manifest.json with the command that reads it and what the refusal must name:

- unknown: a key no reader asks for, in every object ("did you mean" when close);
- misspelt: every key with its case changed ("did you mean <key>?");
- duplicate: every key given twice ("a second time");
- type: every value replaced by one of another type (the field's path, or a field in it);
- toolarge: every number replaced by 1e400, which no field holds (the field's path);
- syntax: the file cut short, a stray character, nesting 200 deep, no document at all
  (line and column, or "(document)").

Run it from anywhere; it rewrites cases/ and manifest.json. The test CorpusTests runs every
case through the built gridbench and checks the exit code (2) and that the message names
the file and the field.
"""
import copy
import json
import os
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.join(HERE, "base")
CASES = os.path.join(HERE, "cases")
QUICK = ["--min-passes", "1", "--max-passes", "1", "--target-seconds", "0", "--no-memory"]

# reader: (base file, command with FILE, BASE and OUT placeholders, subtrees whose keys are free)
READERS = {
    "spec-tile-grid": ("spec-tile-grid.json", ["dump", "--spec", "FILE", "--rect", "0,0,1,1"], []),
    "spec-data-grid": ("spec-data-grid.json", ["dump", "--spec", "FILE", "--rect", "0,0,1,1"], []),
    "trace": ("trace.json", ["run", "--spec", "BASE/spec-tile-grid.json", "--trace", "FILE"] + QUICK, []),
    "plan": ("plan.json", ["datasets", "list", "--plan", "FILE"], []),
    "replay-fixture": ("replay-fixture.json",
                       ["run", "--dataset", "scale-100", "--trace", "tour-120hz", "--strategy", "on-demand", "--fixture", "FILE"] + QUICK, []),
    "results": ("results.json", ["report", "--plan", "BASE/plan.json", "--from-results", "FILE", "--out", "OUT"], [("environment",)]),
    "queries": ("queries.json", ["conform", "--queries", "FILE", "--write-answers", "OUT"], []),
    "answers": ("answers.json", ["conform", "--queries", "BASE/queries.json", "--answers", "FILE"], []),
}
# How many values of one array are malformed in turn (the rest are alike).
ARRAY_SAMPLE = 1


def field_path(path):
    text = ""
    for key in path:
        if isinstance(key, int):
            text += "[%d]" % key
        else:
            text += key if not text else "." + key
    return text or "(document)"


def walk(value, path=()):
    """Every (path, value) of the document, arrays sampled."""
    yield path, value
    if isinstance(value, dict):
        for key in value:
            yield from walk(value[key], path + (key,))
    elif isinstance(value, list):
        for index, element in enumerate(value[:ARRAY_SAMPLE]):
            yield from walk(element, path + (index,))


def get(document, path):
    for key in path:
        document = document[key]
    return document


def under(path, subtrees):
    return any(path[:len(s)] == s for s in subtrees)


def other_type(value):
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, (int, float)):
        return "twelve"
    if isinstance(value, str):
        return 12
    if isinstance(value, list):
        return {"a": 1}
    if isinstance(value, dict):
        return [1]
    return None


def dumps(document):
    return json.dumps(document, indent=2, sort_keys=False)


def main():
    shutil.rmtree(CASES, ignore_errors=True)
    manifest = []

    def add(reader, name, text, expect):
        directory = os.path.join(CASES, reader)
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, name + ".json"), "w") as f:
            f.write(text)
        _, command, _ = READERS[reader]
        manifest.append({"file": "cases/%s/%s.json" % (reader, name), "arguments": command, "expect": expect})

    for reader, (base, _, free) in READERS.items():
        with open(os.path.join(BASE, base)) as f:
            document = json.load(f)
        paths = list(walk(document))
        count = 0
        for path, value in paths:
            count += 1
            tag = "%03d" % count
            if isinstance(value, dict) and not under(path, free):
                # unknown: a key nobody asks for
                bad = copy.deepcopy(document)
                get(bad, path)["zzUnknownKey"] = 1
                add(reader, tag + "-unknown", dumps(bad), field_path(path + ("zzUnknownKey",)) + " = (an unknown field)")
                for key in value:
                    if under(path + (key,), free) and path + (key,) not in free:
                        continue
                    # misspelt: the key with its first letter's case changed
                    flipped = key[0].swapcase() + key[1:]
                    if flipped != key:
                        bad = copy.deepcopy(document)
                        target = get(bad, path)
                        target[flipped] = target.pop(key)
                        add(reader, tag + "-misspelt-" + key, dumps(bad), "did you mean %s?" % key)
                    # duplicate: the key twice (the text is written by hand: JSON has no such object)
                    text = dumps(document)
                    member = '"%s": ' % key
                    inner = dumps(value)
                    if path == ():
                        at = text.index("\n", 1)
                        text = text[:at + 1] + "  " + member + json.dumps(value[key]) + ",\n" + text[at + 1:]
                    else:
                        # Repeat the object's first member inside it.
                        first = list(value)[0]
                        if first != key:
                            continue
                        replaced = json.dumps(get(document, path), sort_keys=False)
                        doubled = "{" + member + json.dumps(value[key]) + ", " + replaced[1:]
                        bad = copy.deepcopy(document)
                        parent = get(bad, path[:-1])
                        parent[path[-1]] = "@@DOUBLED@@"
                        text = dumps(bad).replace('"@@DOUBLED@@"', doubled)
                    add(reader, tag + "-duplicate-" + key, text, '"%s" a second time' % key)
            if path and not under(path, free) or (path and len(path) > 1 and under(path, free)):
                replacement = other_type(value)
                if replacement is not None:
                    bad = copy.deepcopy(document)
                    get(bad, path[:-1])[path[-1]] = replacement
                    add(reader, tag + "-type", dumps(bad), field_path(path))
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                bad = copy.deepcopy(document)
                get(bad, path[:-1])[path[-1]] = "@@BIG@@"
                add(reader, tag + "-toolarge", dumps(bad).replace('"@@BIG@@"', "1e400"), field_path(path) + " = 1e400")
        # syntax
        text = dumps(document)
        for share in (1, 3):
            add(reader, "syntax-cut-%d" % share, text[: len(text) * share // 4], "line ")
        add(reader, "syntax-stray", text[:-2] + "@" + text[-2:], "line ")
        add(reader, "syntax-nested", "[" * 200 + "]" * 200, "line 1, column 129 = an array nested 129 deep")
        add(reader, "syntax-empty", "", "(document) = empty")
        add(reader, "syntax-array", "[]", "(document) = []: expected an object")
        add(reader, "syntax-text", "GridBench\n", "line 1, column 1 = 'G'")

    # The CSV reader (trace import): rows of timestamp_ms,offset[,offset_x].
    READERS["csv"] = ("log.csv", ["trace", "import", "--csv", "FILE", "--out", "OUT"], [])
    csv_cases = {
        "fields-one": ("0,0\n16\n", "line 2 = 1 fields"),
        "fields-four": ("0,0\n16,1,2,3\n", "line 2 = 4 fields"),
        "fields-change": ("0,0\n16,1,2\n", "line 2 = 3 fields: expected 2 fields"),
        "time-text": ("0,0\nsoon,1\n", "line 2.timestamp_ms = soon"),
        "time-nan": ("0,0\nnan,1\n", "line 2.timestamp_ms = nan"),
        "time-inf": ("0,0\ninf,1\n", "line 2.timestamp_ms = inf"),
        "time-huge": ("0,0\n1e400,1\n", "line 2.timestamp_ms = 1e400"),
        "time-back": ("0,0\n16,1\n8,2\n", "line 3.timestamp_ms = 8"),
        "time-same": ("0,0\n16,1\n16,2\n", "line 3.timestamp_ms = 16"),
        "offset-text": ("0,0\n16,far\n", "line 2.offset = far"),
        "offset-nan": ("0,0\n16,NaN\n", "line 2.offset = NaN"),
        "offset-inf": ("0,0\n16,-inf\n", "line 2.offset = -inf"),
        "offset-empty": ("0,0\n16,\n", "line 2.offset = "),
        "offset-x-text": ("0,0,0\n16,1,left\n", "line 2.offset_x = left"),
        "span-huge": ("0,0\n1e9,100\n", "timestamp_ms = a span of 1000000000.0 ms"),
        "span-never-advances": ("1e300,0\n1.0000000000000002e300,5\n", "timestamp_ms = a span of"),
        "span-negative-huge": ("-1e308,0\n1e308,5\n", "timestamp_ms = a span of inf ms"),
        "empty": ("", "(document) = no rows"),
        "header-only": ("timestamp_ms,offset\n", "(document) = no rows"),
        "blank-lines": ("\n\n  \n", "(document) = no rows"),
        "binary-as-header": ("\u0000\u0001,\u0002\n", "(document) = no rows"),
    }
    for name, (text, expect) in csv_cases.items():
        directory = os.path.join(CASES, "csv")
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, name + ".csv"), "w") as f:
            f.write(text)
        manifest.append({"file": "cases/csv/%s.csv" % name, "arguments": READERS["csv"][1], "expect": expect})

    # Issue 27's findings, one case each. Besides bad input (exit 2, the file named), a
    # case may expect another exit ("status": 64 for a usage error, 0 for input that must be
    # accepted: "expect" is then looked for on standard output), and a message that names no
    # file ("namesFile": false).
    def finding(name, text, arguments, expect, status=None, names_file=None):
        directory = os.path.join(CASES, "findings")
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, name + ".json"), "w") as f:
            f.write(text)
        case = {"file": "cases/findings/%s.json" % name, "arguments": arguments, "expect": expect}
        if status is not None:
            case["status"] = status
        if names_file is not None:
            case["namesFile"] = names_file
        manifest.append(case)

    def from_base(base, change):
        with open(os.path.join(BASE, base)) as f:
            document = json.load(f)
        change(document)
        return dumps(document)

    def subnormal(document):
        document["runs"][0]["frameNanos"]["p50"] = 5e-324
    finding("results-subnormal", from_base("results.json", subnormal), READERS["results"][1],
            "runs[0].frameNanos.p50 = 5e-324: expected 0 or a finite number ≥ 2.2e-308")
    finding("queries-round-negative", from_base("queries.json", lambda d: d.update(round=-1)), READERS["queries"][1],
            "round = -1: expected a round in 1...1000000")
    grouped = {"layout": "columnar-grouped", "container": {"width": 320, "height": 480}, "sections": [2, 1]}
    dump = ["dump", "--spec", "FILE"]
    finding("spec-item-heights-per-section-count", dumps(dict(grouped, itemHeights=[[44, 60], [120, 7]])), dump,
            "itemHeights[1] = 2 heights: expected 1 heights, one per item of section 1")
    finding("spec-item-heights-per-section-lists", dumps(dict(grouped, itemHeights=[[44, 60]])), dump,
            "itemHeights = 1 lists: expected one list of heights per section: 2, as sections has")
    tiles = {"layout": "tile-grid", "container": {"width": 320, "height": 480}, "sections": [2, 1], "centersItems": True}
    finding("spec-item-sizes-per-section-value", dumps(dict(tiles, itemSizes=[[[4, 3], [5, 2]], [[1, -2]]])), dump,
            "itemSizes[1][0].height = -2.0: expected a finite number > 0")
    finding("spec-item-sizes-per-section-accepted", dumps(dict(tiles, itemSizes=[[[4, 3], [5, 2]], [[1, 2]]])), dump,
            '"kind" : "cell"', status=0)
    # The plan sits in cases/findings/, which has no specs/: its first data set's spec is missing.
    finding("plan-missing-spec", from_base("plan.json", lambda d: None), READERS["plan"][1],
            'runs[0].dataset = "scale-100": expected a name whose spec exists: no such file')
    finding("spec-scrolled-to-negative", dumps(tiles), dump + ["--scrolled-to", "-40,-25"], '"kind" : "cell"', status=0)
    finding("usage-misspelt-option", dumps(tiles), ["dump", "--spce", "FILE"],
            "Unknown option '--spce'. Did you mean '--spec'?", status=64, names_file=False)
    finding("usage-misspelt-subcommand", dumps(tiles), ["dum", "--spec", "FILE"],
            "Unknown subcommand 'dum'. Did you mean 'dump'?", status=64, names_file=False)
    finding("spec-bare-trace-name-nowhere", dumps(tiles),
            ["run", "--plan", "BASE/plan.json", "--spec", "FILE", "--trace", "no-such-trace"] + QUICK,
            '--trace = "no-such-trace": expected a trace file or a bundled trace; looked in: ', names_file=False)

    with open(os.path.join(HERE, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print("%d cases" % len(manifest))


if __name__ == "__main__":
    main()
