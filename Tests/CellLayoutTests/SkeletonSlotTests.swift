@testable import CellLayout
import Testing

/// A thread keeps the skeletons of the structures it laid out lately in a direct-mapped table
/// (`SkeletonTable`, by `CellStructure.slot`). Two structures in one slot evict each other on
/// every alternation, and each of their trees is flattened again: a feed's template makes a few
/// dozen structures at once (badge shown or not × 0–9 photos: 20), so those must never share a
/// slot.
@Suite struct SkeletonSlotTests {
    @Test func structuresMadeTogetherNeverShareASlot() {
        // 64 made one after another (other tests may make some in between on other threads:
        // fewer than the table's 256 − 64 do not make the numbers wrap onto these). A slot from
        // the structure's address, hashed, puts two of 64 in one slot with odds of 1 − e^(−64²/512).
        let structures = (0..<64).map { _ in CellStructure() }
        #expect(Set(structures.map(\.slot)).count == structures.count)
        #expect(structures.allSatisfy { (0..<SkeletonTable.size).contains($0.slot) })
    }
}
