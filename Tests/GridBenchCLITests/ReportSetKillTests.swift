import Foundation
import Testing

/// A report is a set of files: killed at any moment, `report --out DIR` leaves `DIR` holding
/// the complete old set or the complete new one, file for file, and the next run removes
/// what the killed one left beside it.
@Suite struct ReportSetKillTests {
    /// Every regular file under `directory` (hidden ones too), by relative path, with its
    /// bytes.
    static func snapshot(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let base = directory.path + "/"
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return files }
        while let relative = walker.nextObject() as? String {
            let path = base + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    /// The committed results, and a second version of them whose environment and every
    /// prepare figure differ: rendered, the two give different Markdown, HTML and charts.
    static func twoResults(in scratch: Scratch) throws -> (first: String, second: String) {
        let committed = GridBench.root.appendingPathComponent("reports/results.json")
        let data = try Data(contentsOf: committed)
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var environment = try #require(document["environment"] as? [String: Any])
        environment["cpu"] = "a second machine"
        document["environment"] = environment
        // The tile grid's runs: every kind of file, and quick to render.
        var runs = try #require(document["runs"] as? [[String: Any]]).filter { ["tile-grid"].contains($0["layout"] as? String) }
        for index in runs.indices {
            if let prepare = runs[index]["prepareNanos"] as? Int { runs[index]["prepareNanos"] = prepare * 2 + 1 }
            if let retained = runs[index]["retainedBytes"] as? Int { runs[index]["retainedBytes"] = retained * 3 }
        }
        document["runs"] = runs
        let first = scratch.path("first.json"), second = scratch.path("second.json")
        var original = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        original["runs"] = try #require(original["runs"] as? [[String: Any]]).filter { ["tile-grid"].contains($0["layout"] as? String) }
        try JSONSerialization.data(withJSONObject: original, options: [.sortedKeys]).write(to: URL(fileURLWithPath: first))
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: URL(fileURLWithPath: second))
        return (first, second)
    }

    static func render(_ results: String, into directory: URL) throws -> CommandResult {
        try GridBench.run(["report", "--from-results", results, "--out", directory.path])
    }

    @Test func aKilledReportLeavesTheOldSetOrTheNewOneWhole() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (first, second) = try Self.twoResults(in: scratch)

        // The old set, with a file of the user's beside it, and the new set as an
        // uninterrupted run makes it from there.
        let old = scratch.file("old/out")
        let rendered = try Self.render(first, into: old)
        try #require(rendered.status == Exit.success, "\(rendered)")
        try scratch.write("the user's own notes\n", to: "old/out/notes.txt")
        let oldFiles = try Self.snapshot(old)
        try FileManager.default.copyItem(at: scratch.file("old"), to: scratch.file("new"))
        let started = Date()
        let complete = try Self.render(second, into: scratch.file("new/out"))
        let duration = Date().timeIntervalSince(started)
        try #require(complete.status == Exit.success, "\(complete)")
        let newFiles = try Self.snapshot(scratch.file("new/out"))
        #expect(newFiles["notes.txt"] == oldFiles["notes.txt"], "the user's file is kept")
        let changed = Set(oldFiles.keys).union(newFiles.keys).filter { oldFiles[$0] != newFiles[$0] }
        try #require(changed.contains("strategy-comparison.md") && changed.contains("strategy-comparison.html")
                     && changed.contains { $0.hasPrefix("charts/") }, "the two sets differ in every kind of file: \(changed.sorted())")

        // Killed just before each rename the run makes in the folder (a library loaded
        // before the binary's own counts them), then at moments spread over the whole run.
        let shim = try Self.renameKiller(in: scratch)
        var sawOld = 0, sawNew = 0
        func expectOldOrNew(_ index: String, kill: (Process) throws -> Void) throws -> Bool {
            let folder = scratch.file("kill-\(index)")
            try FileManager.default.copyItem(at: scratch.file("old"), to: folder)
            let target = folder.appendingPathComponent("out")
            let process = Process()
            process.executableURL = try GridBench.binary()
            process.arguments = ["report", "--from-results", second, "--out", target.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try kill(process)
            process.waitUntilExit()
            let killed = process.terminationReason == .uncaughtSignal
            let now = try Self.snapshot(target)
            if now == oldFiles { sawOld += 1 } else if now == newFiles { sawNew += 1 } else {
                let mixed = Set(now.keys).union(oldFiles.keys).union(newFiles.keys).filter { now[$0] != oldFiles[$0] && now[$0] != newFiles[$0] }
                let fromOld = changed.filter { now[$0] == oldFiles[$0] }.sorted()
                Issue.record("kill \(index): neither the old set nor the new one: \(mixed.sorted().prefix(5)) are neither; old files \(fromOld.prefix(5)) beside new ones")
            }
            // The next run finishes cleanly and leaves nothing of the killed one.
            let again = try Self.render(second, into: target)
            #expect(again.status == Exit.success, "\(again)")
            #expect(try Self.snapshot(target) == newFiles, "kill \(index): the run after it")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out"], "kill \(index): left beside the set")
            return killed
        }
        var renames = 0
        while renames < 200 {
            renames += 1
            let killed = try expectOldOrNew("rename-\(renames)") { process in
                var environment = ProcessInfo.processInfo.environment
                environment["LD_PRELOAD"] = shim
                // Under AddressSanitizer (scripts/test-asan.sh) the preloaded library comes
                // before ASan's runtime, which it allows when told.
                environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "verify_asan_link_order=0"
                environment["KILL_WATCH"] = scratch.path("kill-rename-\(renames)/")
                environment["KILL_AT_RENAME"] = "\(renames)"
                process.environment = environment
                try process.run()
            }
            if !killed { break }
        }
        #expect(renames > 3, "the run renamed \(renames - 1) files in its folder")
        let kills = 8
        for index in 0 ..< kills {
            _ = try expectOldOrNew("\(index)") { process in
                try process.run()
                Thread.sleep(forTimeInterval: duration * 2 * Double(index) / Double(kills - 1))
                kill(process.processIdentifier, SIGKILL)
            }
        }
        #expect(sawOld > 0 && sawNew > 0, "kills found the old set \(sawOld) times and the new one \(sawNew) times")
    }

    /// Compiles a library that, loaded before the binary's own, counts the calls of
    /// `rename` and `renameat2` with a path containing `$KILL_WATCH` and kills the process
    /// with SIGKILL just before the `$KILL_AT_RENAME`th: a kill at an exact step.
    static func renameKiller(in scratch: Scratch) throws -> String {
        let source = try scratch.write(#"""
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <signal.h>
            #include <stdlib.h>
            #include <string.h>
            static int calls = 0;
            static void step(const char *from, const char *to) {
                const char *watch = getenv("KILL_WATCH"), *at = getenv("KILL_AT_RENAME");
                if (!watch || !at) return;
                if ((from && strstr(from, watch)) || (to && strstr(to, watch))) {
                    if (++calls == atoi(at)) raise(SIGKILL);
                }
            }
            int rename(const char *from, const char *to) {
                step(from, to);
                int (*next)(const char *, const char *) = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
                return next(from, to);
            }
            int renameat2(int fromDirectory, const char *from, int toDirectory, const char *to, unsigned flags) {
                step(from, to);
                int (*next)(int, const char *, int, const char *, unsigned) = (int (*)(int, const char *, int, const char *, unsigned))dlsym(RTLD_NEXT, "renameat2");
                return next(fromDirectory, from, toDirectory, to, flags);
            }
            """#, to: "kill.c")
        let library = scratch.path("kill.so")
        let compile = Process()
        compile.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compile.arguments = ["clang", "-shared", "-fPIC", "-o", library, source, "-ldl"]
        try compile.run()
        compile.waitUntilExit()
        try #require(compile.terminationStatus == 0, "clang (beside swift) compiles the test's rename killer")
        return library
    }
}
