/// The replay's specialisation list, read from the two lists it follows: the layouts of
/// `LayoutRegistry.builtIn` and the wrapper types of `StrategyKind.wrap`.
///
/// The replay meets layouts through a visitor, so its frame loop is generic; without a
/// specialisation for each layout in each strategy it would measure witness-table calls and
/// metadata look-ups (about a thousand instructions a frame) that an app compiled against
/// its layout never pays. Written by hand, that list was a third file to edit for every new
/// layout. The build-tool plugin `ReplaySpecializationPlugin` runs `replay-specializations`,
/// which uses this module to write the list into GridHarness at every build, so that a
/// layout is its folder and its registry line.
///
/// Plain Swift, with no dependency on GridBench's libraries: the plugin's tool is built for
/// the machine that builds, before anything else, and must stay small and quick.
public enum ReplaySpecializations {
    /// A source file that does not read as the generator expects; its description names the
    /// file, the line and what was expected, as a compiler's error does, and fails the build.
    public struct ParseError: Error, CustomStringConvertible, Equatable {
        /// The file, as given to the parser.
        public var file: String
        /// The line, from 1; `nil` when the problem is the file as a whole.
        public var line: Int?
        /// What was wrong and what was expected.
        public var message: String

        public init(file: String, line: Int?, message: String) {
            self.file = file
            self.line = line
            self.message = message
        }

        public var description: String {
            "\(file):\(line.map { "\($0):" } ?? "") error: \(message)"
        }
    }

    /// The layout types of the registry's `builtIn` list, in its order: `TileGrid` for the
    /// entry `TileGrid.Configuration.self`.
    ///
    /// - Parameters:
    ///   - source: the text of `LayoutRegistry.swift`.
    ///   - file: its path, for errors.
    /// - Throws: `ParseError` when the file has no `builtIn` array, the array is empty, or an
    ///   entry is not `Layout.Configuration.self` (the layout's type is read from the name of
    ///   its configuration's enclosing type, so another spelling cannot be followed).
    public static func layouts(registry source: String, file: String) throws(ParseError) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("static let builtIn") }) else {
            throw ParseError(file: file, line: nil, message: "no `static let builtIn` array of configuration types; the replay's specialisation list is read from it")
        }
        guard code(lines[start]).hasSuffix("= [") else {
            throw ParseError(file: file, line: start + 1, message: "expected `static let builtIn: [any LayoutConfiguration.Type] = [`, with one entry a line after it")
        }
        return try entries(
            of: lines, after: start, closing: "]", file: file,
            empty: "`builtIn` is empty; expected at least one `Layout.Configuration.self`",
            unclosed: "`builtIn` has no closing `]` on a line of its own"
        ) { (entry, line) throws(ParseError) in
            let suffix = ".Configuration.self,"
            let name = entry.hasSuffix(suffix) ? String(entry.dropLast(suffix.count)) : ""
            guard isTypeName(name) else {
                throw ParseError(
                    file: file, line: line,
                    message: "expected a `builtIn` entry as `Layout.Configuration.self,` (one a line, the layout's type before `.Configuration`), found `\(entry)`")
            }
            return name
        }
    }

    /// The wrapper types `StrategyKind.wrap(_:threshold:visitor:)` makes of a base layout, in
    /// the order of its `switch`: `CachedLayout` for `case .cached: try visitor.visit(CachedLayout(base), kind: self)`.
    ///
    /// - Parameters:
    ///   - source: the text of `StrategyKind.swift`.
    ///   - file: its path, for errors.
    /// - Throws: `ParseError` when the file has no `wrap` with a visitor, its `switch self`
    ///   is missing or has no cases, or a case does not call `visitor.visit(Wrapper(base…`.
    public static func wrappers(strategyKind source: String, file: String) throws(ParseError) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let function = lines.firstIndex(where: { $0.contains("func wrap<") && $0.contains("V: StrategyVisitor") }) else {
            throw ParseError(file: file, line: nil, message: "no `func wrap<Base: GridLayout, V: StrategyVisitor>`; the replay's specialisation list reads the strategies' wrapper types from its `switch`")
        }
        guard let start = lines[function...].firstIndex(where: { code($0) == "switch self {" }) else {
            throw ParseError(file: file, line: function + 1, message: "expected `switch self {` in `wrap(_:threshold:visitor:)`, one case a line")
        }
        return try entries(
            of: lines, after: start, closing: "}", file: file,
            empty: "the `switch` of `wrap(_:threshold:visitor:)` has no cases; expected `case .kind: try visitor.visit(Wrapper(base), kind: self)`",
            unclosed: "the `switch` of `wrap(_:threshold:visitor:)` has no closing `}` on a line of its own"
        ) { (entry, line) throws(ParseError) in
            guard entry.hasPrefix("case ."), let wrapper = visitedWrapper(in: entry) else {
                throw ParseError(
                    file: file, line: line,
                    message: "expected a case of `wrap(_:threshold:visitor:)`'s switch as `case .kind: try visitor.visit(Wrapper(base…), kind: self)`, one a line, found `\(entry)`")
            }
            return wrapper
        }
    }

    /// The entries of the list that opens on line `start` (from 0) of `lines` and closes at
    /// the first line reading `closing` alone: each line that is not blank (nor a comment
    /// alone), read by `read` with its line number (from 1).
    ///
    /// - Throws: what `read` throws; `ParseError` with `empty` when the list has no entry,
    ///   with `unclosed` when it never closes.
    static func entries(
        of lines: [String], after start: Int, closing: String, file: String, empty: String, unclosed: String,
        read: (_ entry: String, _ line: Int) throws(ParseError) -> String
    ) throws(ParseError) -> [String] {
        var found: [String] = []
        for index in (start + 1)..<lines.count {
            let entry = code(lines[index])
            if entry == closing {
                guard !found.isEmpty else { throw ParseError(file: file, line: index + 1, message: empty) }
                return found
            }
            if entry.isEmpty { continue }
            found.append(try read(entry, index + 1))
        }
        throw ParseError(file: file, line: start + 1, message: unclosed)
    }

    /// The concrete types the frame loop is specialised for, as Swift prints them
    /// (`String(describing:)`): every layout in every wrapper, layouts outermost.
    public static func specializedTypes(layouts: [String], wrappers: [String]) -> [String] {
        layouts.flatMap { layout in wrappers.map { "\($0)<\(layout)>" } }
    }

    /// The Swift file the plugin adds to GridHarness: `replayFrames` with one `@_specialize`
    /// a type, calling the frame loop's body, and the list of those types for the tests.
    public static func source(layouts: [String], wrappers: [String]) -> String {
        let types = specializedTypes(layouts: layouts, wrappers: wrappers)
        let attributes = types.map { "    @_specialize(exported: false, kind: full, where L == \($0))" }
        let names = types.map { "    \"\($0)\"," }
        return """
            // Generated at build time by ReplaySpecializationPlugin (replay-specializations) from
            // LayoutRegistry.builtIn and StrategyKind.wrap: do not edit, and do not commit.
            import GridCore
            import GridLayouts
            import GridStrategies
            import GridViewport

            extension Replay {
                /// Replays every frame once through `viewport` and hands each frame's cost and
                /// report to `body`: `replayEveryFrame(_:_:)`, specialised for every registry
                /// layout in every strategy, one `@_specialize` each, generated from the
                /// registry and the strategies so that no one keeps this list by hand.
                ///
                /// A layout of another type (a third party's, or a test's) runs the generic
                /// version, with the same results and a higher cost.
            \(attributes.joined(separator: "\n"))
                func replayFrames<L: GridLayout>(
                    _ viewport: inout Viewport<L>, _ body: (_ frame: Int, _ nanos: UInt64, _ report: FrameReport, _ facts: ReplayedFrame) -> Void
                ) throws {
                    try replayEveryFrame(&viewport, body)
                }
            }

            /// The types `replayFrames` is specialised for, as `String(describing:)` prints
            /// them: `SpecializationListTests` compares them with the registry's layouts
            /// wrapped by every strategy at run time.
            package let replaySpecializedTypes: [String] = [
            \(names.joined(separator: "\n"))
            ]

            """
    }

    /// `line` without its indentation, a trailing `//` comment and trailing spaces.
    static func code(_ line: String) -> String {
        var text = Substring(line)
        if let comment = text.firstRange(of: "//") { text = text[..<comment.lowerBound] }
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    /// Whether `name` is one plain Swift type name (letters, digits and `_`, not starting
    /// with a digit).
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The type of `Wrapper(base…` in `… visitor.visit(Wrapper(base…` or `… visitor.visit(try Wrapper(base…`.
    static func visitedWrapper(in line: String) -> String? {
        guard let call = line.firstRange(of: "visitor.visit(") else { return nil }
        var rest = line[call.upperBound...]
        if rest.hasPrefix("try ") { rest = rest.dropFirst(4) }
        guard let open = rest.firstIndex(of: "(") else { return nil }
        let name = String(rest[..<open])
        guard isTypeName(name), rest[rest.index(after: open)...].hasPrefix("base") else { return nil }
        return name
    }
}
