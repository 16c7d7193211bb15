import GridCore
import GridTestSupport
@testable import GridViewport
import Testing

/// The allocation-free sort of query answers, against the standard library's sort.
@Suite struct InPlaceSortTests {
    /// `count` distinct elements of a few kinds over a few sections, in ID order.
    static func sortedElements(_ count: Int) -> [LayoutAttributes] {
        (0..<count).map { index in
            let kind: ElementKind = index % 17 == 0 ? .sectionHeader : .cell
            return LayoutAttributes(
                kind: kind, path: ItemPath(section: index / 17, item: kind == .cell ? index % 17 : 0),
                frame: Rect(x: Double(index), y: 0, width: 1, height: 1))
        }
    }

    static func standardSorted(_ elements: [LayoutAttributes]) -> [ElementID] {
        elements.map(\.id).sorted()
    }

    @Test(arguments: [0, 1, 2, 3, 7, 16, 17, 60, 61, 255, 1000])
    func sortsEveryOrder(count: Int) {
        let sorted = Self.sortedElements(count)
        var random = SeededRandom(seed: UInt64(count))
        var orders: [(String, [LayoutAttributes])] = [("sorted", sorted), ("reversed", sorted.reversed())]
        for trial in 0..<20 {
            var shuffled = sorted
            shuffled.shuffle(using: &random)
            orders.append(("shuffled #\(trial)", shuffled))
            var nearly = sorted
            for _ in 0..<3 where count > 1 { nearly.swapAt(random.integer(0...(count - 1)), random.integer(0...(count - 1))) }
            orders.append(("nearly sorted #\(trial)", nearly))
        }
        for (name, order) in orders {
            var buffer = order
            sortByID(&buffer)
            #expect(buffer.map(\.id) == Self.standardSorted(order), "\(name) of \(count)")
            // A permutation: every element kept with its frame.
            #expect(Set(buffer) == Set(order), "\(name) of \(count)")
        }
    }

    @Test func sortsDuplicatesNextToEachOther() {
        var random = SeededRandom(seed: 11)
        var buffer = (Self.sortedElements(40) + Self.sortedElements(40))
        buffer.shuffle(using: &random)
        let expected = Self.standardSorted(buffer)
        sortByID(&buffer)
        #expect(buffer.map(\.id) == expected)
    }

    @Test(arguments: [5, 60, 2000])
    func sortingAllocatesNothing(count: Int) throws {
        try #require(AllocationCount.isAvailable)
        var random = SeededRandom(seed: 5)
        var shuffled = Self.sortedElements(count)
        shuffled.shuffle(using: &random)
        var reversed = Array(Self.sortedElements(count).reversed())
        let (_, count) = AllocationCount.measure {
            sortByID(&shuffled)
            sortByID(&reversed)
        }
        #expect(count.allocations == 0, "\(count)")
    }
}
