import Foundation
import GridCore
import GridHarness
import Testing

/// The repository's committed inputs, found from this file's own path.
enum Repository {
    /// The package root: the first directory above this file that holds `Package.swift`.
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) { return directory }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    }()

    static var datasets: URL { root.appendingPathComponent("datasets") }
    static var planURL: URL { datasets.appendingPathComponent("plan.json") }

    static func plan() throws -> BenchmarkPlan { try BenchmarkPlan.load(from: planURL) }

    /// The committed spec and trace of a bundled pair, checked into a replay.
    static func replay(_ dataset: String, _ trace: String) throws -> Replay {
        let plan = try plan()
        let url = plan.traceURL(dataset: dataset, trace: trace)
        return try Replay(spec: LayoutSpec.load(from: plan.specURL(dataset)), trace: ScrollTrace.load(from: url), tracePath: url.path)
    }

    static func fixture(_ dataset: String, _ trace: String) throws -> ReplayFixture {
        try ReplayFixture.load(from: ReplayFixture.url(in: datasets, dataset: dataset, trace: trace))
    }
}

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Writes `text` to `name` (creating parent directories) and returns its URL.
    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let target = file(name)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target)
        return target
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Expects `body` to throw an ``InputError`` naming `file`, `field` and `value`, and
/// returns it for further checks.
@discardableResult
func expectInputError<T>(
    file: String, field: String, value: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> T
) -> InputError? {
    do {
        let result = try body()
        Issue.record("expected an InputError naming \(field), got \(result)", sourceLocation: sourceLocation)
        return nil
    } catch let error as InputError {
        #expect(error.file == file, "file", sourceLocation: sourceLocation)
        #expect(error.field == field, "field of \(error)", sourceLocation: sourceLocation)
        if let value { #expect(error.value == value, "value of \(error)", sourceLocation: sourceLocation) }
        #expect(!error.expected.isEmpty, sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected an InputError naming \(field), got \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
