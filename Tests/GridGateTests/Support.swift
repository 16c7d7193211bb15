import Foundation
@testable import GridGate
import GridLayouts

/// The repository root, found from this file's path, and its committed inputs.
enum Repository {
    static let root: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            directory.deleteLastPathComponent()
        }
        return directory
    }()

    static var datasets: URL { root.appendingPathComponent("datasets") }
}

/// A scratch directory holding a gate plan and its inputs; removed by ``remove()``.
struct Workspace {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-gate-tests-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ text: String, to name: String) throws -> URL {
        let target = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: target)
        return target
    }

    func remove() { try? FileManager.default.removeItem(at: url) }

    /// A tile-grid spec of `sections` sections of 31 items.
    static func spec(layout: String = "tile-grid", name: String = "tiny", sections: Int = 8, extra: String = "") -> String {
        #"{"schemaVersion": 1, "layout": "\#(layout)", "name": "\#(name)", "container": {"width": 320, "height": 480}, "sections": {"count": \#(sections), "items": 31}\#(extra)}"#
    }

    /// 24 frames 7.5 pt apart; an insert at frame 20, a rotation at frame 22.
    static let trace = """
        {"schemaVersion": 1, "refreshHz": 120, "viewport": {"width": 320, "height": 480},
         "offsets": [\((0 ..< 24).map { String(Double($0) * 7.5) }.joined(separator: ", "))],
         "events": [{"frame": 20, "type": "insert-items", "section": 1, "item": 0, "count": 2},
                    {"frame": 22, "type": "resize", "width": 480, "height": 320}]}
        """

    /// A plan over `spec.json` and `trace.json` with `entry`'s fields.
    static func plan(_ entry: String, top: String = "") -> String {
        #"{"schemaVersion": 1, \#(top) "entries": [{"spec": "spec.json", \#(entry)}]}"#
    }

    /// Writes the spec, the trace and a plan, and loads the plan.
    func load(entry: String, top: String = "", spec: String = Workspace.spec(), layouts: [any LayoutConfiguration.Type] = []) throws -> GatePlan {
        try write(spec, to: "spec.json")
        try write(Self.trace, to: "trace.json")
        let plan = try write(Self.plan(entry, top: top), to: "plan.json")
        return try LayoutRegistry.withLayouts(layouts) { try GatePlan.load(from: plan) }
    }
}
