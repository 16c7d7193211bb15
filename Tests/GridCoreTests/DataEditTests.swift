import GridCore
import Testing

/// `DataEdit` against a model that knows every item by name: a list of sections, each a
/// list of unique item names, edited the way `UICollectionView` describes. After each
/// edit, every surviving item's old path must map to where the model put it, and every
/// deleted item to `nil`.
@Suite struct DataEditTests {
    /// Sections of named items, and a name counter for inserts.
    struct Model {
        var sections: [[Int]]
        var next = 0
        var nextSectionName = 1_000_000

        init(counts: [Int]) {
            sections = []
            for count in counts {
                sections.append(Array(next..<(next + count)))
                next += count
            }
        }

        var counts: [Int] { sections.map(\.count) }

        /// Where each item is: name → path.
        var paths: [Int: ItemPath] {
            var paths: [Int: ItemPath] = [:]
            for (s, items) in sections.enumerated() {
                for (i, name) in items.enumerated() { paths[name] = ItemPath(section: s, item: i) }
            }
            return paths
        }

        /// Section names: the first item's name is not stable, so sections get their own
        /// identity through a parallel list.
        mutating func apply(_ edit: DataEdit, sectionNames: inout [Int]) {
            switch edit {
            case .insertItems(let s, let at, let count, _):
                sections[s].insert(contentsOf: next..<(next + count), at: at)
                next += count
            case .deleteItems(let s, let items):
                sections[s].removeSubrange(items)
            case .insertSections(let at, let counts, _):
                var added: [[Int]] = []
                for count in counts {
                    added.append(Array(next..<(next + count)))
                    next += count
                }
                sections.insert(contentsOf: added, at: at)
                sectionNames.insert(contentsOf: nextSectionName..<(nextSectionName + counts.count), at: at)
                nextSectionName += counts.count
            case .deleteSections(let range):
                sections.removeSubrange(range)
                sectionNames.removeSubrange(range)
            case .moveItem(let from, let to):
                let name = sections[from.section].remove(at: from.item)
                sections[to.section].insert(name, at: to.item)
            case .setItemSizes:
                break  // a measurement moves and renames nothing
            }
        }
    }

    func randomEdit(_ model: Model, _ random: inout SeededRandom) -> DataEdit {
        let counts = model.counts
        let nonEmpty = counts.indices.filter { counts[$0] > 0 }
        while true {
            switch random.integer(0...4) {
            case 0 where !counts.isEmpty:
                let s = random.integer(0...(counts.count - 1))
                return .insertItems(section: s, item: random.integer(0...counts[s]), count: random.integer(0...3), sizes: nil)
            case 1 where !nonEmpty.isEmpty:
                let s = nonEmpty[random.integer(0...(nonEmpty.count - 1))]
                let low = random.integer(0...counts[s])
                return .deleteItems(section: s, items: low..<random.integer(low...counts[s]))
            case 2:
                return .insertSections(
                    section: random.integer(0...counts.count),
                    counts: (0..<random.integer(0...2)).map { _ in random.integer(0...4) }, sizes: nil)
            case 3 where counts.count > 1:
                let low = random.integer(0...counts.count)
                return .deleteSections(low..<random.integer(low...min(counts.count, low + 2)))
            case 4 where !nonEmpty.isEmpty:
                let s = nonEmpty[random.integer(0...(nonEmpty.count - 1))]
                let from = ItemPath(section: s, item: random.integer(0...(counts[s] - 1)))
                let t = random.integer(0...(counts.count - 1))
                let room = counts[t] - (t == s ? 1 : 0)
                return .moveItem(from: from, to: ItemPath(section: t, item: random.integer(0...room)))
            default:
                continue
            }
        }
    }

    @Test(arguments: 0..<20)
    func everyItemAndSectionGoesWhereTheModelPutsIt(seed: UInt64) throws {
        var random = SeededRandom(seed: 77 + seed)
        var model = Model(counts: (0..<random.integer(1...6)).map { _ in random.integer(0...6) })
        var sectionNames = Array(0..<model.sections.count)
        var data = try DataShape(itemCounts: model.counts)
        for step in 0..<60 {
            let edit = randomEdit(model, &random)
            let before = model.paths
            let sectionsBefore = sectionNames
            model.apply(edit, sectionNames: &sectionNames)
            data = try edit.applied(to: data)
            #expect(Array(data.itemCounts) == model.counts, "seed \(seed) step \(step): \(edit)")
            let after = model.paths
            for (name, old) in before {
                let mapped = edit.id(after: ElementID(kind: .cell, path: old))
                let expected = after[name].map { ElementID(kind: .cell, path: $0) }
                #expect(mapped == expected, "seed \(seed) step \(step): \(edit), item \(name) at \(old)")
            }
            // Per-section views follow their section; item edits leave them alone.
            for (old, name) in sectionsBefore.enumerated() {
                for kind in [ElementKind.sectionHeader, .sectionFooter] {
                    let mapped = edit.id(after: ElementID(kind: kind, path: ItemPath(section: old, item: 0)))
                    let expected = sectionNames.firstIndex(of: name).map { ElementID(kind: kind, path: ItemPath(section: $0, item: 0)) }
                    #expect(mapped == expected, "seed \(seed) step \(step): \(edit), \(kind.name) of section \(old)")
                }
            }
        }
    }

    @Test func movesByHand() {
        // Section 0 holds a b c d; section 1 holds e f. Move b (0,1) to (1,1): e b f.
        let move = DataEdit.moveItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 1))
        func after(_ s: Int, _ i: Int) -> ItemPath? { move.id(after: ElementID(kind: .cell, path: ItemPath(section: s, item: i)))?.path }
        #expect(after(0, 0) == ItemPath(section: 0, item: 0))  // a stays
        #expect(after(0, 1) == ItemPath(section: 1, item: 1))  // b moves
        #expect(after(0, 2) == ItemPath(section: 0, item: 1))  // c closes the gap
        #expect(after(0, 3) == ItemPath(section: 0, item: 2))  // d too
        #expect(after(1, 0) == ItemPath(section: 1, item: 0))  // e stays
        #expect(after(1, 1) == ItemPath(section: 1, item: 2))  // f makes room
        // Within a section, a b c d: move a (0,0) to (0,2) in the data after removal
        // (b c d → b c a d).
        let within = DataEdit.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 0, item: 2))
        let order = (0..<4).map { within.id(after: ElementID(kind: .cell, path: ItemPath(section: 0, item: $0)))!.item }
        #expect(order == [2, 0, 1, 3])
        // Headers and two-axis kinds keep their paths.
        #expect(move.id(after: ElementID(kind: .sectionHeader, path: ItemPath(section: 0, item: 0)))?.path == ItemPath(section: 0, item: 0))
        let corner = ElementID(kind: .corner, path: ItemPath(section: 0, item: 0))
        #expect(DataEdit.deleteSections(0..<1).id(after: corner) == corner)
    }

    @Test func aMoveOutOfRangeIsRefusedByField() throws {
        let data = try DataShape(itemCounts: [2, 1])
        #expect(throws: GridError.self) { try DataEdit.moveItem(from: ItemPath(section: 0, item: 2), to: ItemPath(section: 1, item: 0)).applied(to: data) }
        do {
            _ = try DataEdit.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 1, item: 2)).applied(to: data)
            Issue.record("a move past the end of section 1 was accepted")
        } catch {
            #expect(error.field == "to.item")
        }
        do {
            _ = try DataEdit.moveItem(from: ItemPath(section: 0, item: 0), to: ItemPath(section: 2, item: 0)).applied(to: data)
            Issue.record("a move to a missing section was accepted")
        } catch {
            #expect(error.field == "to.section")
        }
    }
}
