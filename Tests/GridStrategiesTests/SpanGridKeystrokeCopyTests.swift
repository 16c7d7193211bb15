import GridCore
import GridLayouts
import GridTestSupport
import Testing

/// A keystroke in a copy of a ledger of 100,000 rows (issue 29): the replay and a viewport
/// copy the layout, then type in the copy, while the original still holds the rows. The
/// keystroke must copy what it writes (a block of 512 rows' sums, a block of 512 rows'
/// multisets, the block references, the content list), not the 100,000 rows: before the
/// rows were kept in blocks it copied 2·100,001 sums and 100,000 lists, about 2.4 MB.
@Suite struct SpanGridKeystrokeCopyTests {
    /// The bytes are checked where allocations can be counted (not under a sanitizer, whose
    /// runtime owns malloc); the values after each keystroke in a copy are checked everywhere.
    @Test func aKeystrokeInACopyCopiesBlocksNotRows() throws {
        var grid = try SpanGridKeystrokeAllocationTests.ledger()
        // Warm-up: rows 500 and 90,000 grown, their blocks made.
        try grid.apply(.setContentHeight(row: 500, column: 3, height: 40))
        try grid.apply(.setContentHeight(row: 90_000, column: 0, height: 48.5))
        let script: [(row: Int, column: Int, height: Double)] = [(500, 7, 60), (500, 7, 30), (90_000, 0, 0), (500, 3, 0)]
        var i = 0
        while i < script.count {
            let (row, column, height) = script[i]
            i += 1
            let original = grid
            let (_, count) = try AllocationCount.measure { try grid.apply(.setContentHeight(row: row, column: column, height: height)) }
            if AllocationCount.isAvailable { #expect(count.allocatedBytes < 64 * 1024, "keystroke \(i) in a copy: \(count)") }
            // The original is as it was: a value.
            #expect(original.laidOutHeight(ofRow: row) != nil)
            withExtendedLifetime(original) {}
        }
        // Worked by hand: row 500 holds 30 alone (40 cleared) over 24: 30; row 90,000 cleared: 24.
        #expect(grid.laidOutHeight(ofRow: 500) == 30)
        #expect(grid.laidOutHeight(ofRow: 90_000) == 24)
        #expect(grid.contentSize.height == 100_000 * 24 + 6)
        // The copies kept their rows: a grid before the last keystroke still has row 500 at 40.
        var before = try SpanGridKeystrokeAllocationTests.ledger()
        try before.apply(.setContentHeight(row: 500, column: 3, height: 40))
        let copy = before
        try before.apply(.setContentHeight(row: 500, column: 3, height: 0))
        #expect(copy.laidOutHeight(ofRow: 500) == 40 && before.laidOutHeight(ofRow: 500) == 24)
        #expect(copy.attributes(at: ItemPath(section: 501, item: 0))?.frame == Rect(x: 0, y: 501 * 24 + 16, width: 72, height: 24))
        #expect(before.attributes(at: ItemPath(section: 501, item: 0))?.frame == Rect(x: 0, y: 501 * 24, width: 72, height: 24))
    }
}
