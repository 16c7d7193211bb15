/// Sorts `items` by `before`, in place and without allocating: by insertion, which is linear
/// for an order that is nearly right, while at most `budget` elements have had to move; past
/// that, by heap, for an order far from sorted. Not stable.
///
/// One sort for the cache's two: the elements a base laid again, by where they start
/// (`CachedPieces.sortByStart`), and the sections that moved apart, by their tops
/// (`ApartSections.sortByTop`). Inlined, so that each call compares with its own closure.
/// - Complexity: O(n + budget) while insertion suffices, else O(n log n) more.
@inline(__always)
func budgetedSort<Element>(_ items: UnsafeMutableBufferPointer<Element>, budget: Int, by before: (Element, Element) -> Bool) {
    let n = items.count
    var budget = budget
    var i = 1
    while i < n && budget >= 0 {
        let item = items[i]
        var j = i
        while j > 0 && before(item, items[j - 1]) {
            items[j] = items[j - 1]
            j -= 1
            budget -= 1
        }
        items[j] = item
        i += 1
    }
    guard i < n || budget < 0 else { return }
    func siftDown(_ root: Int, _ end: Int) {
        var root = root
        while true {
            var child = 2 * root + 1
            guard child < end else { return }
            if child + 1 < end && before(items[child], items[child + 1]) { child += 1 }
            guard before(items[root], items[child]) else { return }
            items.swapAt(root, child)
            root = child
        }
    }
    var node = n / 2 - 1
    while node >= 0 {
        siftDown(node, n)
        node -= 1
    }
    var end = n - 1
    while end > 0 {
        items.swapAt(0, end)
        siftDown(0, end)
        end -= 1
    }
}
