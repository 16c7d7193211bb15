import Foundation
import GridCore
@testable import GridHarness
import Testing

/// A set of files is written all or nothing.
@Suite struct AtomicFileSetTests {
    func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-set-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func text(_ url: URL) -> String? { try? String(contentsOf: url, encoding: .utf8) }

    func names(_ url: URL) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }

    @Test func writesEveryFileAndNothingElse() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        var set = AtomicFileSet(directory: directory)
        set.add("a.md", text: "A")
        set.add("charts/b.svg", text: "B")
        let written = try set.commit()
        #expect(written.map(\.lastPathComponent) == ["a.md", "b.svg"])
        #expect(text(directory.appendingPathComponent("a.md")) == "A")
        #expect(text(directory.appendingPathComponent("charts/b.svg")) == "B")
        #expect(names(directory) == ["a.md", "charts"])
    }

    /// A file that cannot be staged ("x" is a file, so "x/y" cannot be made) leaves the old
    /// set whole: the first file, staged fine, is not placed either.
    @Test func aFailureWhileStagingChangesNothing() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("old".utf8).write(to: directory.appendingPathComponent("a.md"))
        var set = AtomicFileSet(directory: directory)
        set.add("a.md", text: "new")
        set.add("x", text: "file")
        set.add("x/y", text: "under a file")
        #expect(throws: OutputFailure.self) { try set.commit() }
        #expect(text(directory.appendingPathComponent("a.md")) == "old")
        #expect(names(directory) == ["a.md"])
    }

    /// A target that cannot be placed (a directory where a file goes) is found before the
    /// first rename: the old files stay, and the failure names the target.
    @Test func aTargetThatCannotBePlacedChangesNothing() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("old".utf8).write(to: directory.appendingPathComponent("a.md"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("b.svg"), withIntermediateDirectories: true)
        var set = AtomicFileSet(directory: directory)
        set.add("a.md", text: "new")
        set.add("b.svg", text: "chart")
        let error = #expect(throws: OutputFailure.self) { try set.commit() }
        #expect(error?.target == directory.appendingPathComponent("b.svg").path)
        #expect(error?.reason == "it is a directory")
        #expect(text(directory.appendingPathComponent("a.md")) == "old")
        #expect(names(directory) == ["a.md", "b.svg"])
    }
}
