import Foundation

/// One function's instructions in a workload's measured region, from callgrind.
public struct FunctionCost: Codable, Hashable, Sendable {
    /// The symbol as callgrind names it (mangled for Swift): the key a check matches on.
    public var symbol: String
    /// Instructions in the function and everything it called, within the region.
    public var inclusive: Int
    /// Instructions in the function's own code.
    public var exclusive: Int

    public init(symbol: String, inclusive: Int, exclusive: Int) {
        self.symbol = symbol
        self.inclusive = inclusive
        self.exclusive = exclusive
    }

    /// How many functions a baseline keeps per workload: the top by inclusive count.
    public static let kept = 20
}

/// Every function's cost in a callgrind out file.
enum CallgrindProfile {
    /// Parses the callgrind format: `fn=` starts a function's lines; a cost line
    /// (positions, then events, `Ir` first) is its own cost, except the line after
    /// `calls=`, which is the inclusive cost of a call to the last `cfn=`. A function's
    /// inclusive cost is its own plus its calls' (a call to itself is not added twice).
    ///
    /// With `root` (the measured region's symbol, by default), only `root` and the
    /// functions it calls, directly or not, are kept: callgrind also charges the region's
    /// cost to every caller on the stack above it (`main`, the command, the runner), which
    /// are not the region's functions. Without `root` in the file, every function is kept.
    ///
    /// - Complexity: O(lines).
    static func functions(inText text: String, root: String? = MeasuredRegion.symbol) -> [FunctionCost] {
        var exclusive: [String: Int] = [:], inclusive: [String: Int] = [:]
        var callees: [String: Set<String>] = [:]
        CallgrindLines.read(text) { record in
            switch record {
            case .cost(let function, let cost):
                exclusive[function, default: 0] += cost
                inclusive[function, default: 0] += cost
            case .call(let caller, let callee, let cost):
                if callee != caller { inclusive[caller, default: 0] += cost }
                callees[caller, default: []].insert(callee)
            case .totals, .summary:
                break
            }
        }
        var kept = Set(inclusive.keys)
        if let root, inclusive[root] != nil {
            kept = [root]
            var pending = [root]
            while let next = pending.popLast() {
                for callee in callees[next] ?? [] where kept.insert(callee).inserted { pending.append(callee) }
            }
        }
        return inclusive.filter { kept.contains($0.key) }
            .map { FunctionCost(symbol: $0.key, inclusive: $0.value, exclusive: exclusive[$0.key] ?? 0) }
            .sorted { ($0.inclusive, $1.symbol) > ($1.inclusive, $0.symbol) }
    }
}

/// A function whose count changed between the baseline and now.
public struct FunctionChange: Codable, Hashable, Sendable {
    /// The symbol, as callgrind names it.
    public var symbol: String
    /// The symbol demangled (`swift-demangle --simplified`), or the symbol itself.
    public var name: String
    /// Inclusive instructions in the baseline; `nil` when the function was not among the
    /// baseline's top functions.
    public var before: Int?
    /// Inclusive instructions now.
    public var now: Int
    /// `now − before` (`now` when there was no `before`).
    public var change: Int
    /// The change of the function's own instructions, when the baseline has them: a
    /// function whose own code grew explains a change its callers only pass on.
    public var exclusiveChange: Int?

    /// How many changes an explanation lists per workload.
    public static let listed = 10

    /// The functions of `now` (a whole profile) against the baseline's `before` (its top
    /// functions), largest change first. Functions unchanged are left out.
    ///
    /// A planted loop grows its function and every caller by the same count; the ties go
    /// to the function whose own instructions changed most, then to the smaller (deeper)
    /// one: the function that changed, not the ones that called it.
    static func explain(before: [FunctionCost], now: [FunctionCost], demangle: ([String]) -> [String: String] = Demangler.demangle) -> [FunctionChange] {
        let nowBySymbol = Dictionary(now.map { ($0.symbol, $0) }, uniquingKeysWith: { a, _ in a })
        let beforeSymbols = Set(before.map(\.symbol))
        var changes: [FunctionChange] = []
        for old in before {
            let new = nowBySymbol[old.symbol] ?? FunctionCost(symbol: old.symbol, inclusive: 0, exclusive: 0)
            guard new.inclusive != old.inclusive || new.exclusive != old.exclusive else { continue }
            changes.append(FunctionChange(symbol: old.symbol, name: old.symbol, before: old.inclusive, now: new.inclusive,
                                          change: new.inclusive - old.inclusive, exclusiveChange: new.exclusive - old.exclusive))
        }
        // Functions that entered the top now: no baseline figure to compare with.
        for new in now.prefix(FunctionCost.kept) where !beforeSymbols.contains(new.symbol) {
            changes.append(FunctionChange(symbol: new.symbol, name: new.symbol, before: nil, now: new.inclusive, change: new.inclusive, exclusiveChange: nil))
        }
        changes.sort { a, b in
            if (a.before == nil) != (b.before == nil) { return b.before == nil }
            if abs(a.change) != abs(b.change) { return abs(a.change) > abs(b.change) }
            let ea = abs(a.exclusiveChange ?? 0), eb = abs(b.exclusiveChange ?? 0)
            if ea != eb { return ea > eb }
            if a.now != b.now { return a.now < b.now }
            return a.symbol < b.symbol
        }
        var listed = Array(changes.prefix(listed))
        let names = demangle(listed.map(\.symbol))
        for index in listed.indices { listed[index].name = names[listed[index].symbol] ?? listed[index].symbol }
        return listed
    }
}

/// Swift symbols made readable, by `swift-demangle` when it is installed.
enum Demangler {
    /// The simplified demangled form of each of `symbols` that `swift-demangle` knows;
    /// symbols it leaves alone (C functions) map to themselves.
    static func demangle(_ symbols: [String]) -> [String: String] {
        guard !symbols.isEmpty, let tool = Subprocess.find("swift-demangle") else { return [:] }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("gridbench-demangle-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil,
              let result = try? Subprocess.run(tool, ["--compact", "--simplified"] + symbols, scratch: scratch), result.status == 0
        else { return [:] }
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= symbols.count else { return [:] }
        return Dictionary(zip(symbols, lines.prefix(symbols.count)).map { ($0, $1.isEmpty ? $0 : $1) }, uniquingKeysWith: { a, _ in a })
    }
}
