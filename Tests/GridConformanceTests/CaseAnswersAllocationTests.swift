@testable import GridConformance
import GridCore
import GridLayouts
import GridTestSupport
import Testing

/// What the suite allocates to hold a layout's answers: about the answers themselves, not
/// the largest answer once per query.
///
/// Every plan starts with the whole-content rect, so the buffer the answers are read into
/// grows to the whole content at once. Keeping that buffer in the answers and emptying it
/// "keeping capacity" for the next query made a new buffer as large for each of the hundreds
/// of small queries that follow; under AddressSanitizer, where large blocks are mapped and
/// filled, that was most of the conformance suites' time.
@Suite struct CaseAnswersAllocationTests {
    @Test func answersAllocateInProportionToWhatTheyHold() throws {
        try #require(AllocationCount.isAvailable)
        var grid = TileGrid(.chGridView)
        try grid.prepare(data: try DataShape(sections: 96, itemsPerSection: 31), container: Size(width: 320, height: 480))
        var plan = ProbePlan()
        plan.add(grid.contentBounds, .wholeContent)
        let strips = 200
        for index in 0..<strips {
            plan.add(Rect(x: 0, y: Double(index) * 150, width: 320, height: 10), .random)
        }
        let (answers, count) = AllocationCount.measure { grid.answers(to: plan) }

        // The whole content: 96 sections of 31 tiles and a header each.
        #expect(answers.rects[0].count == 96 * 31 + 96)
        // Each strip meets a row or two of tiles (or a header and a row), not nothing.
        #expect(answers.rects.dropFirst().allSatisfy { !$0.isEmpty })
        let held = answers.rects.reduce(0) { $0 + $1.count }
        let stride = MemoryLayout<LayoutAttributes>.stride
        // The answers' own storage, the buffer grown once to the whole content (doubling: its
        // last capacity is below twice the whole, and every earlier one adds up to no more
        // than that last, so four wholes in all), an array header per answer, and a few
        // kilobytes for the rest (the array of answers, traits).
        let bound = held * stride + 4 * (96 * 31 + 96) * stride + 64 * (strips + 1) + 16_384
        #expect(count.allocatedBytes <= bound, "\(count); the answers hold \(held) elements of \(stride) bytes")
        // What keeping the buffer itself cost: a whole-content block per strip.
        #expect(bound < strips * (96 * 31 + 96) * stride / 4)
    }
}
