#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import GridCore

/// The one list of the layouts GridBench knows by name: its own, and any a program adds
/// with ``register(_:)``.
///
/// Adding a layout to GridBench: write its folder in `GridLayouts/` (the layout, and a
/// configuration conforming to ``LayoutConfiguration``), then add the configuration's type
/// to ``builtIn``. A third party's program (its gate tool) registers its own configurations
/// instead, before it reads any file. Either way specs, golden fixtures, traces with the
/// layout's operations, replays, `dump`, `trace generate`, the gate and the conformance
/// command find the layout by its name, through this list and nothing else.
public enum LayoutRegistry {
    /// GridBench's own layouts, in the order help texts list them.
    public static let builtIn: [any LayoutConfiguration.Type] = [
        TileGrid.Configuration.self,
        DataGrid.Configuration.self,
        ColumnarGrouped.Configuration.self,
        Waterfall.Configuration.self,
        SpanGrid.Configuration.self,
    ]

    /// Every layout: those of ``withLayouts(_:_:)`` around the caller first, then those
    /// ``register(_:)`` added, then GridBench's own; a name is the first entry's that has it.
    public static var configurations: [any LayoutConfiguration.Type] {
        let added = scoped + registered.read { $0 }
        guard !added.isEmpty else { return builtIn }
        return merged(added)
    }

    /// The names of every layout, in registry order.
    public static var names: [String] { configurations.map { $0.layoutName } }

    /// The configuration type of the layout called `name`.
    ///
    /// - Throws: `GridError` naming `layout` and listing the names there are.
    public static func configuration(named name: String) throws(GridError) -> any LayoutConfiguration.Type {
        guard let found = configurations.first(where: { $0.layoutName == name }) else {
            throw .invalidParameter("layout", "\"\(name)\"", expected: "one of " + names.joined(separator: ", "))
        }
        return found
    }

    /// Adds a program's own layouts to the registry, for the rest of the process.
    ///
    /// A registered layout comes before GridBench's own: one named like a layout GridBench
    /// adds later (its `waterfall`, say) keeps the program's specs. Registering a name
    /// again replaces the earlier entry. Call it at the start of the program, before any
    /// spec or trace is read.
    ///
    /// - Parameter configurations: the layouts, each by its configuration type.
    /// - Throws: `GridError` naming `layoutName` for a name that is not letters, digits and
    ///   `-`, or two of `configurations` with one name; naming `operationCodec` for an
    ///   operation `type` that two layouts would both take.
    public static func register(_ configurations: [any LayoutConfiguration.Type]) throws(GridError) {
        try registered.write { added throws(GridError) in
            try check(configurations, before: added)
            added = merged(configurations + added, keepingBuiltIn: false)
        }
    }

    /// Runs `body` with `configurations` added to the registry for the code it runs on
    /// this task, and only there: for a test, which must not change the registry other
    /// tests of the process read.
    ///
    /// - Parameters:
    ///   - configurations: the layouts, as ``register(_:)`` takes them.
    ///   - body: the code that sees them.
    /// - Throws: what ``register(_:)`` throws, or what `body` throws.
    public static func withLayouts<R>(_ configurations: [any LayoutConfiguration.Type], _ body: () throws -> R) throws -> R {
        let before = scoped + registered.read { $0 }
        try check(configurations, before: before)
        return try $scoped.withValue(configurations + scoped, operation: body)
    }

    /// Refuses a name that is not letters, digits and `-`, two of `configurations` with one
    /// name, and an operation `type` two layouts of the registry with them would take.
    private static func check(_ configurations: [any LayoutConfiguration.Type], before: [any LayoutConfiguration.Type]) throws(GridError) {
        var seen: Set<String> = []
        for configuration in configurations {
            let name = configuration.layoutName
            let allowed = name.unicodeScalars.allSatisfy { ("a" ... "z").contains($0) || ("A" ... "Z").contains($0) || ("0" ... "9").contains($0) || $0 == "-" }
            guard !name.isEmpty, allowed else {
                throw .invalidParameter("layoutName", "\"\(name)\"", expected: "letters, digits and -, as specs' \"layout\" field gives it")
            }
            guard seen.insert(name).inserted else {
                throw .invalidParameter("layoutName", "\"\(name)\"", expected: "each layout registered once")
            }
        }
        var owners: [String: String] = [:]
        for configuration in merged(configurations + before) {
            for type in configuration.operationCodec?.typeNames ?? [] {
                if let owner = owners[type] {
                    throw .invalidParameter(
                        "operationCodec", "\"\(type)\"",
                        expected: "operation types no other layout takes (\(owner) and \(configuration.layoutName) both take it)")
                }
                owners[type] = configuration.layoutName
            }
        }
    }

    /// `added`, then GridBench's own layouts, each name once: the first entry that has it.
    private static func merged(_ added: [any LayoutConfiguration.Type], keepingBuiltIn: Bool = true) -> [any LayoutConfiguration.Type] {
        var seen: Set<String> = []
        return (added + (keepingBuiltIn ? builtIn : [])).filter { seen.insert($0.layoutName).inserted }
    }

    /// The layouts ``register(_:)`` added, newest first.
    private static let registered = Locked<[any LayoutConfiguration.Type]>([])

    /// The layouts ``withLayouts(_:_:)`` adds around the code it runs.
    @TaskLocal private static var scoped: [any LayoutConfiguration.Type] = []
}

/// A value behind a mutex: the registry is read from any thread.
private final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private var mutex = pthread_mutex_t()

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(&mutex, nil)
    }

    func read<T>(_ body: (Value) -> T) -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return body(value)
    }

    func write<E: Error>(_ body: (inout Value) throws(E) -> Void) throws(E) {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        try body(&value)
    }
}
