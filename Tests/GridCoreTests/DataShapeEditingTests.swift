import GridCore
import Testing

/// An independent model of a data shape: one array of item sizes per section, edited with
/// the standard library's array methods. Unsized shapes carry placeholder sizes that are
/// dropped when the model is turned into a ``DataShape``.
struct ShapeModel: CustomStringConvertible {
    var sections: [[Size]]
    var sized: Bool

    func shape() throws(GridError) -> DataShape {
        try DataShape(itemCounts: sections.map(\.count), itemSizes: sized ? sections.flatMap { $0 } : nil)
    }

    var description: String { "\(sections.map(\.count))\(sized ? " sized" : "")" }
}

@Suite("DataShape edits")
struct DataShapeEditingTests {
    /// Distinct sizes, so that a size that lands in the wrong place is noticed.
    struct SizeMaker {
        var next = 1.0
        mutating func make(_ count: Int) -> [Size] {
            (0..<count).map { _ in
                defer { next += 1 }
                return Size(width: next, height: next + 0.5)
            }
        }
    }

    // MARK: Against the model, with a fixed seed

    @Test(arguments: [false, true])
    func randomEditsAgreeWithTheArrayModel(sized: Bool) throws {
        let seed: UInt64 = 20_240_917
        var random = SeededRandom(seed: seed)
        var sizes = SizeMaker()
        var model = ShapeModel(sections: [sizes.make(3), [], sizes.make(5)], sized: sized)
        var shape = try model.shape()

        for step in 0..<3000 {
            let total = model.sections.reduce(0) { $0 + $1.count }
            let sectionCount = model.sections.count
            var choice = random.integer(0...4)
            if sectionCount == 0 { choice = 2 }  // only inserting sections is possible
            if total > 80 && (choice == 0 || choice == 2) { choice = 3 }  // keep it small
            let edit: String
            switch choice {
            case 0:
                let section = random.integer(0...(sectionCount - 1))
                let index = random.integer(0...model.sections[section].count)
                let count = random.integer(0...3)
                let new = sizes.make(count)
                edit = "insertingItems(\(count), intoSection: \(section), at: \(index))"
                model.sections[section].insert(contentsOf: new, at: index)
                shape = try shape.insertingItems(count, intoSection: section, at: index, sizes: sized ? new : nil)
            case 1:
                let section = random.integer(0...(sectionCount - 1))
                let lower = random.integer(0...model.sections[section].count)
                let upper = random.integer(lower...model.sections[section].count)
                edit = "deletingItems(\(lower)..<\(upper), fromSection: \(section))"
                model.sections[section].removeSubrange(lower..<upper)
                shape = try shape.deletingItems(lower..<upper, fromSection: section)
            case 2:
                let index = random.integer(0...sectionCount)
                let counts = (0..<random.integer(0...3)).map { _ in random.integer(0...4) }
                let new = counts.map { sizes.make($0) }
                edit = "insertingSections(\(counts), at: \(index))"
                model.sections.insert(contentsOf: new, at: index)
                shape = try shape.insertingSections(counts, at: index, sizes: sized ? new.flatMap { $0 } : nil)
            case 3:
                let lower = random.integer(0...sectionCount)
                let upper = random.integer(lower...min(sectionCount, lower + 2))
                edit = "deletingSections(\(lower)..<\(upper))"
                model.sections.removeSubrange(lower..<upper)
                shape = try shape.deletingSections(lower..<upper)
            default:
                guard total > 0 else { continue }
                let flat = random.integer(0...(total - 1))
                let source = try #require(shape.path(atFlatIndex: flat))
                let toSection = random.integer(0...(sectionCount - 1))
                let capacity = model.sections[toSection].count - (toSection == source.section ? 1 : 0)
                let destination = ItemPath(section: toSection, item: random.integer(0...capacity))
                edit = "movingItem(from: \(source), to: \(destination))"
                let moved = model.sections[source.section].remove(at: source.item)
                model.sections[destination.section].insert(moved, at: destination.item)
                shape = try shape.movingItem(from: source, to: destination)
            }
            let expected = try model.shape()
            if shape != expected {
                Issue.record("seed \(seed), sized \(sized), step \(step): \(edit) gave \(shape.itemCounts) \(String(describing: shape.itemSizes)), model \(model)")
                return
            }
        }
    }

    // MARK: Moves, exhaustively

    /// Every move on a small sized shape with an empty section, against the model.
    @Test func everyMoveOnASmallShapeAgreesWithTheModel() throws {
        var sizes = SizeMaker()
        let start = ShapeModel(sections: [sizes.make(2), [], sizes.make(3)], sized: true)
        let shape = try start.shape()
        for (fromSection, items) in start.sections.enumerated() {
            for fromItem in items.indices {
                for toSection in start.sections.indices {
                    let capacity = start.sections[toSection].count - (toSection == fromSection ? 1 : 0)
                    for toItem in 0...capacity {
                        var model = start
                        let moved = model.sections[fromSection].remove(at: fromItem)
                        model.sections[toSection].insert(moved, at: toItem)
                        let source = ItemPath(section: fromSection, item: fromItem)
                        let destination = ItemPath(section: toSection, item: toItem)
                        let result = try shape.movingItem(from: source, to: destination)
                        #expect(result == (try model.shape()), "move \(source) → \(destination)")
                        // The moved item's size is found at its destination.
                        #expect(result.itemSize(at: destination) == moved, "move \(source) → \(destination)")
                    }
                    expectGridError(.itemOutOfRange, field: "to.item", "capacity \(capacity)") {
                        try shape.movingItem(from: ItemPath(section: fromSection, item: fromItem),
                                             to: ItemPath(section: toSection, item: capacity + 1))
                    }
                }
            }
        }
    }

    // MARK: Edits by hand

    @Test func editsByHand() throws {
        let shape = try DataShape(itemCounts: [2, 0, 3])
        #expect(try shape.insertingItems(2, intoSection: 1, at: 0).itemCounts == [2, 2, 3])
        #expect(try shape.insertingItems(1, intoSection: 2, at: 3).itemCounts == [2, 0, 4])  // append
        #expect(try shape.insertingItems(0, intoSection: 0, at: 1) == shape)
        #expect(try shape.deletingItems(0..<2, fromSection: 0).itemCounts == [0, 0, 3])
        #expect(try shape.deletingItems(1..<1, fromSection: 2) == shape)
        #expect(try shape.insertingSections([4, 0], at: 3).itemCounts == [2, 0, 3, 4, 0])  // append
        #expect(try Array(shape.insertingSections([1], at: 0).sectionStarts) == [0, 1, 3, 3, 6])
        #expect(try shape.deletingSections(0..<3) == DataShape.empty)
        #expect(try shape.deletingSections(1..<2).itemCounts == [2, 3])
        #expect(try shape.movingItem(from: ItemPath(section: 0, item: 1), to: ItemPath(section: 1, item: 0)).itemCounts == [1, 1, 3])
        // The original is a value and stays as it was.
        #expect(shape.itemCounts == [2, 0, 3])
    }

    @Test func itemSizesCanBeAddedAndRemoved() throws {
        let shape = try DataShape(itemCounts: [1, 1])
        let sizes = [Size(width: 1, height: 2), Size(width: 3, height: 4)]
        #expect(try shape.withItemSizes(sizes).itemSizes == sizes)
        #expect(try shape.withItemSizes(sizes).withItemSizes(nil) == shape)
        expectGridError(.invalidData, field: "itemSizes.count") { try shape.withItemSizes([sizes[0]]) }
        expectGridError(.invalidData, field: "itemSizes[1].width") {
            try shape.withItemSizes([sizes[0], Size(width: .nan, height: 1)])
        }
    }

    // MARK: Refusals

    @Test func outOfRangeItemInsertionsAreRefused() throws {
        let shape = try DataShape(itemCounts: [2, 0, 3])
        expectGridError(.sectionOutOfRange, field: "section") { try shape.insertingItems(1, intoSection: -1, at: 0) }
        expectGridError(.sectionOutOfRange, field: "section") { try shape.insertingItems(1, intoSection: 3, at: 0) }
        expectGridError(.invalidData, field: "count") { try shape.insertingItems(-1, intoSection: 0, at: 0) }
        expectGridError(.itemOutOfRange, field: "item") { try shape.insertingItems(1, intoSection: 0, at: -1) }
        expectGridError(.itemOutOfRange, field: "item") { try shape.insertingItems(1, intoSection: 0, at: 3) }
        expectGridError(.itemOutOfRange, field: "item") { try shape.insertingItems(1, intoSection: 1, at: 1) }
        // 5 items + (2³¹ − 5) = 2³¹ items: one too many.
        expectGridError(.invalidData, field: "count") {
            try shape.insertingItems(DataShape.maxTotalItems - 4, intoSection: 0, at: 0)
        }
        // A count so large that adding it to the total would overflow is refused, not a trap.
        expectGridError(.invalidData, field: "count") { try shape.insertingItems(Int.max, intoSection: 2, at: 0) }
    }

    @Test func sizesOfInsertedItemsAreChecked() throws {
        let plain = try DataShape(itemCounts: [1])
        let ok = Size(width: 1, height: 1)
        let sized = try plain.withItemSizes([ok])
        expectGridError(.invalidData, field: "sizes") { try plain.insertingItems(1, intoSection: 0, at: 0, sizes: [ok]) }
        expectGridError(.invalidData, field: "sizes.count") { try sized.insertingItems(2, intoSection: 0, at: 0, sizes: [ok]) }
        expectGridError(.invalidData, field: "sizes.count") { try sized.insertingItems(1, intoSection: 0, at: 0) }
        expectGridError(.invalidData, field: "sizes[1]") {
            try sized.insertingItems(2, intoSection: 0, at: 1, sizes: [ok, Size(width: 0, height: 1)])
        }
        expectGridError(.invalidData, field: "sizes[0]") {
            try sized.insertingSections([1], at: 0, sizes: [Size(width: 1, height: .infinity)])
        }
        expectGridError(.invalidData, field: "sizes.count") { try sized.insertingSections([2], at: 1, sizes: [ok]) }
        expectGridError(.invalidData, field: "sizes") { try plain.insertingSections([1], at: 1, sizes: [ok]) }
        // Empty sections need no sizes, sized or not.
        #expect(try sized.insertingSections([0, 0], at: 1).itemSizes == [ok])
        #expect(try plain.insertingItems(2, intoSection: 0, at: 1, sizes: []).itemCounts == [3])
    }

    @Test func outOfRangeDeletionsAreRefused() throws {
        let shape = try DataShape(itemCounts: [2, 0, 3])
        expectGridError(.sectionOutOfRange, field: "section") { try shape.deletingItems(0..<1, fromSection: 3) }
        expectGridError(.sectionOutOfRange, field: "section") { try shape.deletingItems(0..<1, fromSection: -1) }
        expectGridError(.itemOutOfRange, field: "items") { try shape.deletingItems(1..<3, fromSection: 0) }
        expectGridError(.itemOutOfRange, field: "items") { try shape.deletingItems(-1..<1, fromSection: 0) }
        expectGridError(.itemOutOfRange, field: "items") { try shape.deletingItems(0..<1, fromSection: 1) }
        expectGridError(.sectionOutOfRange, field: "sections") { try shape.deletingSections(2..<4) }
        expectGridError(.sectionOutOfRange, field: "sections") { try shape.deletingSections(-1..<1) }
    }

    @Test func outOfRangeSectionInsertionsAreRefused() throws {
        let shape = try DataShape(itemCounts: [2, 0, 3])
        expectGridError(.sectionOutOfRange, field: "section") { try shape.insertingSections([1], at: -1) }
        expectGridError(.sectionOutOfRange, field: "section") { try shape.insertingSections([1], at: 4) }
        expectGridError(.invalidData, field: "counts[1]") { try shape.insertingSections([1, -2, 3], at: 0) }
        expectGridError(.invalidData, field: "counts[0]") { try shape.insertingSections([Int.max], at: 0) }
        expectGridError(.invalidData, field: "counts[1]") {
            try shape.insertingSections([1, DataShape.maxTotalItems - 6 + 1], at: 0)  // 5 + 1 + (2³¹ − 6) = 2³¹
        }
    }

    @Test func outOfRangeMovesAreRefused() throws {
        let shape = try DataShape(itemCounts: [2, 0, 3])
        let valid = ItemPath(section: 0, item: 0)
        for missing in [(0, 2), (1, 0), (3, 0), (-1, 0), (0, -1)] {
            expectGridError(.itemOutOfRange, field: "from", "\(missing)") {
                try shape.movingItem(from: ItemPath(section: missing.0, item: missing.1), to: valid)
            }
        }
        expectGridError(.sectionOutOfRange, field: "to.section") { try shape.movingItem(from: valid, to: ItemPath(section: 3, item: 0)) }
        expectGridError(.sectionOutOfRange, field: "to.section") { try shape.movingItem(from: valid, to: ItemPath(section: -1, item: 0)) }
        expectGridError(.itemOutOfRange, field: "to.item") { try shape.movingItem(from: valid, to: ItemPath(section: 0, item: 2)) }
        expectGridError(.itemOutOfRange, field: "to.item") { try shape.movingItem(from: valid, to: ItemPath(section: 1, item: -1)) }
        // Into an empty section, index 0 is the only place.
        #expect(try shape.movingItem(from: valid, to: ItemPath(section: 1, item: 0)).itemCounts == [1, 1, 3])
        expectGridError(.itemOutOfRange, field: "to.item") { try shape.movingItem(from: valid, to: ItemPath(section: 1, item: 1)) }
    }
}
