import Testing
import GridTestSupport

@Test func allocationCounterIsActive() {
    #expect(AllocationCount.isAvailable)
    let (_, count) = AllocationCount.measure { [Int](repeating: 7, count: 100).count }
    #expect(count.allocations >= 1)
}
