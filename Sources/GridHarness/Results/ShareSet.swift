import Foundation
import GridCore

/// What a partial result of a run split over a CI matrix says of its share: which of how
/// many, and the commit measured. `ResultsShard` (`report --shard i/n`) and the gate's
/// `GateShard` (`gate check --shard i/n`) are such shares.
public protocol MatrixShare {
    /// The share, from 1.
    var index: Int { get }
    /// How many shares the run is split into.
    var count: Int { get }
    /// The commit measured, the same in every share.
    var commit: String { get }
}

extension ResultsShard: MatrixShare {}

/// The partial results of every share of one split run, each once: what `report merge` and
/// `gate merge` check before they join anything.
public enum ShareSet {
    /// `i/n` as `--shard` takes it: `(i, n)` with 1 ≤ i ≤ n, or `nil`.
    public static func parse(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1 ... count).contains(index) else { return nil }
        return (index, count)
    }

    /// The positions (indices into `costs`) of each of `count` shares of work items
    /// costing `costs`, each share in plan order: greedy, costliest first, each item to the
    /// least-loaded share; ties go to the lower share, and items of equal cost go out in plan
    /// order. Shares may be empty when there are more shares than items. The one rule of both
    /// split runs: `report --shard` shares trace groups, `gate check --shard` workloads.
    ///
    /// - Complexity: O(w log w + w·n) for w items and n shares.
    public static func partition(_ costs: [Double], count: Int) -> [[Int]] {
        let order = costs.indices.sorted { a, b in costs[a] != costs[b] ? costs[a] > costs[b] : a < b }
        var loads = Array(repeating: 0.0, count: max(count, 1))
        var assigned = Array(repeating: [Int](), count: max(count, 1))
        for item in order {
            var share = 0
            for candidate in loads.indices where loads[candidate] < loads[share] { share = candidate }
            loads[share] += costs[item]
            assigned[share].append(item)
        }
        return assigned.map { $0.sorted() }
    }

    /// `parts` by share, each with its share (element `i − 1` is share `i`), once every part is checked: it is a
    /// partial result (`share` finds its share), `matches` the first part (the caller's
    /// fields: plan, toolchain, …), measured the first part's commit, is of the same share
    /// count, names a share from 1 to that count that no other part has, and `holds` what
    /// its share should (the caller's check of its content); then no share is missing.
    ///
    /// - Parameters:
    ///   - parts: every part given, each with the path it was read from.
    ///   - argument: how the command line names the parts, for a refusal without a file
    ///     (`PART.json`, `DIR`).
    ///   - hint: what a partial result is and how it is written, for a part without a share.
    ///   - share: the part's share; `nil` for a result that is not a partial one.
    ///   - matches: throws unless `part`'s share agrees with the first part's, `reference`.
    ///   - holds: throws unless `part` holds what its share says; called once the share is
    ///     known to be the only one of its index.
    /// - Throws: `InputError` naming the part's file and field, or `(arguments)` and
    ///   `argument` for no part or a missing share; what `matches` and `holds` throw.
    public static func check<Part, Share: MatrixShare>(
        _ parts: [(path: String, part: Part)], argument: String, hint: String, share: (Part) -> Share?,
        matches: (_ path: String, _ part: Part, _ share: Share, _ reference: (path: String, share: Share)) throws(InputError) -> Void,
        holds: (_ path: String, _ part: Part, _ share: Share) throws(InputError) -> Void
    ) throws(InputError) -> [(path: String, part: Part, share: Share)] {
        guard let first = parts.first else {
            throw InputError(file: "(arguments)", field: argument, value: "none", expected: "the partial result of every share: " + hint)
        }
        guard let reference = share(first.part) else { throw InputError(file: first.path, field: "shard", value: "missing", expected: hint) }
        guard reference.count >= 1 else {
            throw InputError(file: first.path, field: "shard.count", value: "\(reference.count)", expected: "a share count ≥ 1")
        }
        var byIndex: [Int: (path: String, part: Part, share: Share)] = [:]
        for part in parts {
            let path = part.path
            guard let shard = share(part.part) else { throw InputError(file: path, field: "shard", value: "missing", expected: hint) }
            try matches(path, part.part, shard, (first.path, reference))
            guard shard.commit == reference.commit else {
                throw InputError(file: path, field: "shard.commit", value: "\"\(shard.commit)\"",
                                 expected: "\"\(reference.commit)\", as \(first.path) has it: every share must measure the same commit")
            }
            guard shard.count == reference.count else {
                throw InputError(file: path, field: "shard.count", value: "\(shard.count)", expected: "\(reference.count), as \(first.path) has it")
            }
            guard (1 ... shard.count).contains(shard.index) else {
                throw InputError(file: path, field: "shard.index", value: "\(shard.index)", expected: "a share from 1 to \(shard.count)")
            }
            if let other = byIndex[shard.index] {
                throw InputError(file: path, field: "shard.index", value: "\(shard.index)",
                                 expected: "a share no other part has: \(other.path) is share \(shard.index)/\(shard.count) too (a duplicated share)")
            }
            try holds(path, part.part, shard)
            byIndex[shard.index] = (path, part.part, shard)
        }
        var shares: [(path: String, part: Part, share: Share)] = []
        for index in 1 ... reference.count {
            guard let part = byIndex[index] else {
                throw InputError(
                    file: "(arguments)", field: argument, value: "shares \(byIndex.keys.sorted().map { "\($0)/\(reference.count)" }.joined(separator: ", "))",
                    expected: "every share of \(reference.count): share \(index)/\(reference.count) is missing")
            }
            shares.append(part)
        }
        return shares
    }
}
