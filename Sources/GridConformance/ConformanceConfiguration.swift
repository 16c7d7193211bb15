import GridCore

/// What a layout was prepared with when a law was checked: the data shape and the
/// container, and, for freshness (law 6), what the same instance was prepared with before.
public struct ConformanceConfiguration: Hashable, Sendable {
    /// The data the layout was last prepared with.
    public var data: DataShape
    /// The container the layout was last prepared with.
    public var container: Size
    /// For law 6: the earlier preparation of the same instance and the change between
    /// it and this one. `nil` for a freshly made, once-prepared layout.
    public var previous: Previous?

    /// The earlier preparation of an instance that was then prepared again.
    public struct Previous: Hashable, Sendable {
        public var data: DataShape
        public var container: Size
        /// What changed; `nil` when a query file does not say, or for a step of a seeded
        /// edit sequence (``invalidation`` then says what).
        public var change: ConformanceChange?
        /// What the instance was told when it was prepared again
        /// (`prepare(data:container:invalidation:)`); `nil` when it was prepared again
        /// untold (`prepare(data:container:)`).
        public var invalidation: Invalidation?

        public init(data: DataShape, container: Size, change: ConformanceChange?, invalidation: Invalidation? = nil) {
            self.data = data
            self.container = container
            self.change = change
            self.invalidation = invalidation
        }
    }

    public init(data: DataShape, container: Size, previous: Previous? = nil) {
        self.data = data
        self.container = container
        self.previous = previous
    }

    /// The configuration reached by preparing with `data` and `container`, then making
    /// `change`; `nil` when the change does not apply (deleting from no sections, say).
    ///
    /// `told`, the instance is told what changed (`prepare(data:container:invalidation:)`,
    /// with ``ConformanceChange/invalidation(from:container:)``).
    public static func changed(
        _ change: ConformanceChange, from data: DataShape, container: Size, told: Bool = false
    ) -> ConformanceConfiguration? {
        guard let (newData, newContainer) = change.apply(to: data, container: container) else { return nil }
        return ConformanceConfiguration(
            data: newData, container: newContainer,
            previous: Previous(
                data: data, container: container, change: change,
                invalidation: told ? change.invalidation(from: data, container: container) : nil))
    }
}

extension ConformanceConfiguration: CustomStringConvertible {
    /// `2 sections [3, 0] (3 items), container 320.0 × 480.0`, plus the earlier
    /// preparation for law 6.
    public var description: String {
        var text = "\(Self.describe(data)), container \(container)"
        if let previous {
            let again = previous.change?.pastTense
                ?? (previous.invalidation.map { "prepared again after \(Self.describe($0))" } ?? "prepared again with this data and container")
            text += "; the same instance was first prepared with \(Self.describe(previous.data)), container \(previous.container), then \(again)"
            if previous.invalidation != nil, previous.change != nil { text += ", told what changed (prepare(data:container:invalidation:))" }
        }
        return text
    }

    /// What ``description`` leaves out, line by line, so that a counterexample can be built
    /// again from a violation alone: every item count when the description cut them, and
    /// every item size (up to 64 items; the first 64 of more), of the data and, for law 6,
    /// of the data before.
    static func details(of configuration: ConformanceConfiguration) -> [String] {
        var lines: [String] = []
        func add(_ data: DataShape, _ label: String) {
            let counts = data.itemCounts
            if counts.count > 12 && Set(counts).count > 1 {
                lines.append("item counts\(label): [\(counts.map(String.init).joined(separator: ", "))]")
            }
            if let sizes = data.itemSizes, !sizes.isEmpty {
                let shown = sizes.prefix(64).map { "\($0.width) × \($0.height)" }.joined(separator: ", ")
                lines.append("item sizes\(label): [\(shown)\(sizes.count > 64 ? ", … \(sizes.count - 64) more" : "")]")
            }
        }
        add(configuration.data, "")
        if let previous = configuration.previous, previous.data != configuration.data { add(previous.data, " before") }
        return lines
    }

    /// An invalidation in words: `moving item [0, 3] to [2, 0], told so`.
    static func describe(_ invalidation: Invalidation) -> String {
        var parts: [String] = []
        switch invalidation.data {
        case .unchanged: break
        case .replaced: parts.append("replacing the data")
        case .edited(let edit): parts.append(describe(edit))
        }
        switch invalidation.container {
        case .unchanged: break
        case .width: parts.append("changing the container's width")
        case .height: parts.append("changing the container's height")
        case .both: parts.append("changing the container's width and height")
        }
        return (parts.isEmpty ? "nothing changed" : parts.joined(separator: " and ")) + ", told so (prepare(data:container:invalidation:))"
    }

    /// A batch update in words.
    static func describe(_ edit: DataEdit) -> String {
        edit.description
    }

    /// A data shape in a line: item counts (run-length folded when long), total, sizes.
    static func describe(_ data: DataShape) -> String {
        let counts = data.itemCounts
        let sizes = data.itemSizes == nil ? "" : ", with item sizes"
        switch counts.count {
        case 0:
            return "no sections"
        case _ where counts.count > 4 && Set(counts).count == 1:
            return "\(counts.count) sections of \(plural(counts[0], "item")) (\(plural(data.totalItems, "item"))\(sizes))"
        default:
            let shown = counts.count <= 12
                ? counts.map(String.init).joined(separator: ", ")
                : counts.prefix(10).map(String.init).joined(separator: ", ") + ", … \(counts.count - 10) more"
            return "\(plural(counts.count, "section")) [\(shown)] (\(plural(data.totalItems, "item"))\(sizes))"
        }
    }
}

/// `1 item`, `2 items`.
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
