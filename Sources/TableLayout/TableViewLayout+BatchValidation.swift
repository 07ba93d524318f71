import BatchPlanning
import LayoutGeometry

/// Batch validation: UIKit's rules are `BatchPlan`'s (shared with the grid engine); the table
/// adds only its vocabulary and the data source's counts. Reads the old table only: O(k log n).
extension TableViewLayout {
    /// How the table speaks of batches: rows, UIKit's `(section - row)` index paths, and rows of a
    /// moving section may not be changed in the same batch.
    static var batchVocabulary: BatchVocabulary {
        BatchVocabulary(noun: "row", path: uikitPath, itemLists: ("deleteRows", "reloadRows", "moveRows", "insertRows"),
                        itemChangesInMovedSections: false)
    }

    func validate(_ batch: TableBatch<Content>) throws(TableError) -> BatchPlan {
        var operations = BatchOperations()
        operations.deleteSections = batch.deleteSections
        // (Empty lists skipped: mapping a list of a client's generic rows looks type metadata up
        // at run time even when there is nothing in it.)
        if !batch.reloadSections.isEmpty { operations.reloadSections = batch.reloadSections.map { $0.at } }
        operations.moveSections = batch.moveSections
        if !batch.insertSections.isEmpty { operations.insertSections = batch.insertSections.map { $0.at } }
        operations.deleteItems = batch.deleteRows
        if !batch.reloadRows.isEmpty { operations.reloadItems = batch.reloadRows.map { $0.at } }
        operations.moveItems = batch.moveRows
        if !batch.insertRows.isEmpty { operations.insertItems = batch.insertRows.map { $0.at } }
        do throws(BatchPlanError) {
            let plan = try BatchPlan(operations, oldSectionCount: numberOfSections, oldCount: numberOfRows(inSection:),
                                     vocabulary: Self.batchVocabulary)
            if let expected = batch.expectedRowCounts {
                try plan.checkCounts(expected, oldCount: numberOfRows(inSection:),
                                     insertedCount: { batch.insertSections[$0].section.rowCount },
                                     reloadedCount: { batch.reloadSections[$0].section.rowCount },
                                     batch: operations, noun: "row")
            }
            return plan
        } catch {
            throw .invalidUpdate(error.message)
        }
    }
}
