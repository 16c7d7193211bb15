import Foundation
import GridCore
import GridHarness
import GridStrategies

/// What the gate measures: a committed JSON file listing, for each data set (a layout spec
/// file, which names its layout), the strategies and the workloads.
///
/// ```json
/// {"schemaVersion": 1,
///  "thresholds": {"instructions": 0.02},
///  "overrides": {"tile-grid/photos-2976/scan/scroll": {"instructions": 0.03}},
///  "entries": [
///    {"spec": "specs/photos-2976.json",
///     "strategies": ["cached", "scan", "on-demand", "adaptive"],
///     "prepare": true,
///     "scroll": {"trace": "traces/photos-2976/fling-120hz.json", "start": 1, "frames": 240},
///     "edit": {"trace": "traces/photos-2976/edits-120hz.json", "frame": 72},
///     "rotation": {"trace": "traces/photos-2976/rotation-120hz.json"}}]}
/// ```
///
/// Paths are relative to the plan's directory. Each entry gives one workload per strategy
/// (all four when `strategies` is left out) for each of `prepare`, `scroll`, `edit`,
/// `rotation`, `keystroke` and `rowGrowth` it has. Those but `prepare` and `scroll` measure
/// one frame: `frame`, or by default the first frame that carries such an event (a
/// `cell-content` event for the two typing workloads; which of its keystrokes leave the row
/// as tall as it was is the plan's to say, by `frame`). `thresholds` replaces some of the defaults
/// (``GateThresholds/defaults``) for every workload; `overrides` replaces some for one
/// workload, by ID.
public struct GatePlan: Sendable {
    /// The version of the plan file this code reads.
    public static let schemaVersion = 1

    /// The plan file.
    public var url: URL
    /// The thresholds of workloads without an override.
    public var thresholds: GateThresholds
    /// Every workload, in the plan's order: entry by entry, then prepare, scroll, edit,
    /// rotation, keystroke and row growth, each strategy by strategy.
    public var workloads: [GateWorkload]
    /// The data sets, by spec file.
    var specs: [URL: LayoutSpec]
    /// The traces the workloads use, by file.
    var traces: [URL: ScrollTrace]

    /// The workload whose ID is `id`.
    public func workload(_ id: String) -> GateWorkload? {
        workloads.first { $0.id == id }
    }
}

// MARK: - JSON

struct GatePlanFile: Decodable {
    var schemaVersion: Int
    var thresholds: GateThresholds.Override?
    var overrides: [String: GateThresholds.Override]?
    var entries: [Entry]

    struct Entry: Decodable {
        var spec: String
        var strategies: [String]?
        var prepare: Bool?
        var scroll: Scroll?
        var edit: EventFrame?
        var rotation: EventFrame?
        var keystroke: EventFrame?
        var rowGrowth: EventFrame?
    }

    struct Scroll: Decodable {
        var trace: String
        var start: Int?
        var frames: Int
    }

    struct EventFrame: Decodable {
        var trace: String
        var frame: Int?
    }
}

extension GatePlan {
    /// Reads and checks the plan at `url`, its specs and the traces its workloads use.
    ///
    /// - Parameters:
    ///   - url: the plan file; specs and traces are found relative to it.
    ///   - only: keep only the workload with this ID (and read only its inputs); `nil`
    ///     keeps every one.
    ///   - onlyEntry: the `entry` argument: with `only`, the index of the entry that gives
    ///     it: no other entry's spec or trace is read, so that what the child measures does
    ///     not depend on them.
    /// - Throws: `InputError` naming the file, the field and the value: an
    ///   unknown strategy or layout, a missing file, a window outside its trace, a scroll
    ///   window with events in it, a frame without the event its workload needs, a
    ///   threshold that is not a finite share ≥ 0, an override for no workload.
    public static func load(from url: URL, only: String? = nil, entry onlyEntry: Int? = nil) throws(InputError) -> GatePlan {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError(file: path, field: "(file)", value: "missing", expected: "a gate plan: run from the repository root, or pass --plan PATH")
        }
        let file = try JSONFiles.read(GatePlanFile.self, from: url)
        func fail(_ field: String, _ value: some CustomStringConvertible, _ expected: String) -> InputError {
            InputError(file: path, field: field, value: value.description, expected: expected)
        }
        guard file.schemaVersion == schemaVersion else { throw fail("schemaVersion", file.schemaVersion, "\(schemaVersion)") }
        try check(file.thresholds, field: "thresholds", fail)
        for (id, override) in file.overrides ?? [:] { try check(override, field: "overrides[\"\(id)\"]", fail) }
        let thresholds = file.thresholds.map { GateThresholds.defaults.applying($0) } ?? .defaults
        guard !file.entries.isEmpty else { throw fail("entries", "[]", "at least one entry: a spec and its workloads") }

        let root = url.deletingLastPathComponent()
        var plan = GatePlan(url: url, thresholds: thresholds, workloads: [], specs: [:], traces: [:])
        for (index, entry) in file.entries.enumerated() where onlyEntry.map({ $0 == index }) ?? true {
            let field = "entries[\(index)]"
            let specURL = root.appendingPathComponent(entry.spec)
            let spec: LayoutSpec
            if let known = plan.specs[specURL] {
                spec = known
            } else {
                guard FileManager.default.fileExists(atPath: specURL.path) else {
                    throw fail("\(field).spec", "\"\(entry.spec)\"", "a layout spec file, relative to the plan (\(specURL.path) does not exist)")
                }
                // Every layout, GridBench's or the gate tool's, is read by its registry entry.
                spec = try LayoutSpec.load(from: specURL)
            }
            plan.specs[specURL] = spec
            var strategies: [StrategyKind] = []
            for (s, name) in (entry.strategies ?? StrategyKind.allCases.map(\.rawValue)).enumerated() {
                guard let strategy = StrategyKind(rawValue: name) else {
                    throw fail("\(field).strategies[\(s)]", "\"\(name)\"", "one of " + StrategyKind.allCases.map(\.rawValue).joined(separator: ", "))
                }
                strategies.append(strategy)
            }
            guard !strategies.isEmpty else { throw fail("\(field).strategies", "[]", "at least one strategy (leave the field out for all)") }
            let kinds = GateWorkload.Kind.allCases.filter { kind in
                switch kind {
                case .prepare: entry.prepare ?? false
                case .scroll: entry.scroll != nil
                case .edit: entry.edit != nil
                case .rotation: entry.rotation != nil
                case .keystroke: entry.keystroke != nil
                case .rowGrowth: entry.rowGrowth != nil
                }
            }
            guard !kinds.isEmpty else {
                throw fail(field, "no workloads", "one or more of prepare: true, scroll, edit, rotation, keystroke, rowGrowth")
            }

            for kind in kinds {
                let ids = strategies.map { (GateWorkload.id(layout: spec.layoutName, dataset: spec.name, strategy: $0, kind: kind), $0) }
                    .filter { id, _ in only.map { $0 == id } ?? true }
                guard !ids.isEmpty else { continue }
                // The window and its definition, the same for every strategy.
                var window: TraceWindow?
                var definition = "prepare \(entry.spec) in \(spec.container.width)×\(spec.container.height)"
                if kind == .scroll, let scroll = entry.scroll {
                    let scrollWindow = try plan.scrollWindow(scroll, root: root, field: "\(field).scroll", fail)
                    window = scrollWindow
                    definition = "scroll \(scroll.trace) frames \(scrollWindow.start)..<\(scrollWindow.start + scrollWindow.count)"
                } else if let frame = entry.eventFrame(of: kind) {
                    let (eventWindow, events) = try plan.eventWindow(frame, kind: kind, root: root, field: "\(field).\(GatePlanFile.Entry.fieldName(of: kind))", fail)
                    window = eventWindow
                    definition = "\(kind.rawValue) \(frame.trace) frame \(eventWindow.start) (\(events))"
                }
                if let window, let trace = plan.traces[window.url] {
                    // Events before and at the window must fit the data and the layout (a layout
                    // operation over a layout that takes none): checked here, before anything runs.
                    _ = try TraceStates(
                        trace: trace, data: spec.data, layout: spec.makeLayout(),
                        describedAs: "\(spec.layoutName) of data set \(spec.name)", window: window)
                }
                for (id, strategy) in ids {
                    guard plan.workload(id) == nil else {
                        throw fail(field, id, "workloads named once: another entry already gives \(id) (give each spec its own name)")
                    }
                    let override = file.overrides?[id]
                    plan.workloads.append(GateWorkload(
                        id: id, layout: spec.layoutName, dataset: spec.name, strategy: strategy, kind: kind,
                        definition: definition + " · \(strategy.rawValue)",
                        thresholds: override.map { thresholds.applying($0) } ?? thresholds,
                        frames: window?.count ?? 0, entry: index, specURL: specURL, window: window))
                }
            }
        }
        if only == nil, onlyEntry == nil, let unknown = (file.overrides ?? [:]).keys.sorted().first(where: { plan.workload($0) == nil }) {
            throw fail("overrides[\"\(unknown)\"]", "\"\(unknown)\"", "the ID of a workload of this plan: " + plan.workloads.map(\.id).joined(separator: ", "))
        }
        if let only, plan.workloads.isEmpty {
            throw fail("(workloads)", "\"\(only)\"", "the ID of a workload of this plan")
        }
        return plan
    }

    private static func check(_ override: GateThresholds.Override?, field: String, _ fail: (String, String, String) -> InputError) throws(InputError) {
        for (name, value) in override?.fields ?? [] where !(value.isFinite && value >= 0 && value <= 100) {
            throw fail("\(field).\(name)", "\(value)", "a share of the baseline in 0...100, such as 0.02 for +2 %")
        }
    }

    /// The trace at `path` (relative to the plan), read once.
    private mutating func trace(_ path: String, root: URL, field: String, _ fail: (String, String, String) -> InputError) throws(InputError) -> (URL, ScrollTrace) {
        let url = root.appendingPathComponent(path)
        if let known = traces[url] { return (url, known) }
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw fail(field, "\"\(path)\"", "a trace file, relative to the plan (\(url.path) does not exist)")
        }
        let trace = try ScrollTrace.load(from: url)
        traces[url] = trace
        return (url, trace)
    }

    private mutating func scrollWindow(
        _ scroll: GatePlanFile.Scroll, root: URL, field: String, _ fail: (String, String, String) -> InputError
    ) throws(InputError) -> TraceWindow {
        let (url, trace) = try trace(scroll.trace, root: root, field: "\(field).trace", fail)
        let start = scroll.start ?? 1
        guard start >= 1, start < trace.frameCount else {
            throw fail("\(field).start", "\(start)", "a frame in 1..<\(trace.frameCount) (the viewport is set up at the frame before)")
        }
        guard scroll.frames >= 1, scroll.frames <= trace.frameCount - start else {
            throw fail("\(field).frames", "\(scroll.frames)", "a frame count in 1...\(trace.frameCount - start): the trace has \(trace.frameCount) frames")
        }
        let window = TraceWindow(path: scroll.trace, url: url, start: start, count: scroll.frames)
        if let event = trace.events.first(where: { window.frames.contains($0.frame) }) {
            throw fail("\(field).frames", "\(scroll.frames)",
                       "a window without events (a steady scroll), but frame \(event.frame) carries a \(event.change.typeName) event")
        }
        return window
    }

    private mutating func eventWindow(
        _ eventFrame: GatePlanFile.EventFrame, kind: GateWorkload.Kind, root: URL, field: String, _ fail: (String, String, String) -> InputError
    ) throws(InputError) -> (TraceWindow, String) {
        let (url, trace) = try trace(eventFrame.trace, root: root, field: "\(field).trace", fail)
        // A rotation is a resize; an edit, a batch update of the data or a layout's own
        // operation: whatever the one event list holds besides a resize and a reload.
        func isEdit(_ change: TraceEvent.Change) -> Bool {
            if case .layoutEdit = change { return true }
            return (try? change.dataEdit()) != nil
        }
        func fits(_ event: TraceEvent) -> Bool {
            if case .resize = event.change { return kind == .rotation }
            if kind == .keystroke || kind == .rowGrowth { return event.change.isKeystroke }
            return kind == .edit && isEdit(event.change)
        }
        let editNames = TraceEvent.Change.typeNames.filter { !["resize", "reload", "scroll-to-item"].contains($0) }
        let wanted = switch kind {
        case .edit: "an edit (\(editNames.joined(separator: ", ")))"
        case .keystroke, .rowGrowth: "a cell-content"
        default: "a resize"
        }
        let frame: Int
        if let given = eventFrame.frame {
            guard given >= 1, given < trace.frameCount, trace.events.contains(where: { $0.frame == given && fits($0) }) else {
                let candidates = trace.events.filter(fits).map(\.frame).filter { $0 >= 1 }
                throw fail("\(field).frame", "\(given)", "a frame carrying \(wanted) event: " + (candidates.isEmpty ? "the trace has none" : candidates.map(String.init).joined(separator: ", ")))
            }
            frame = given
        } else {
            guard let first = trace.events.first(where: { $0.frame >= 1 && fits($0) }) else {
                throw fail("\(field).trace", "\"\(eventFrame.trace)\"", "a trace with \(wanted) event after its first frame")
            }
            frame = first.frame
        }
        let names = trace.events.filter { $0.frame == frame }.map(\.change.typeName).joined(separator: ", ")
        return (TraceWindow(path: eventFrame.trace, url: url, start: frame, count: 1), names)
    }
}

extension GatePlanFile.Entry {
    /// The one-frame workload of `kind` this entry gives, if any.
    func eventFrame(of kind: GateWorkload.Kind) -> GatePlanFile.EventFrame? {
        switch kind {
        case .prepare, .scroll: nil
        case .edit: edit
        case .rotation: rotation
        case .keystroke: keystroke
        case .rowGrowth: rowGrowth
        }
    }

    /// The entry's field for `kind`: its raw value, but `rowGrowth` for `row-growth`.
    static func fieldName(of kind: GateWorkload.Kind) -> String {
        kind == .rowGrowth ? "rowGrowth" : kind.rawValue
    }
}
