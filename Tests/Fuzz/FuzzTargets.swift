import Foundation
import GridConformance
import GridCore
import GridHarness
import GridReports

/// The readers of every file GridBench reads, as libFuzzer targets: each takes any bytes,
/// and may refuse them with an error, never trap, hang or exhaust memory.
///
/// Built with `-sanitize=fuzzer` (scripts/fuzz.sh), the binary is a libFuzzer runner; the
/// target is chosen by `GRIDBENCH_FUZZ_TARGET`. Built without it (`swift build`), it reads
/// each file given as an argument with the target named first: a crash found by the
/// fuzzer is reproduced with `gridbench-fuzz spec crash-…`.
enum FuzzTarget: String, CaseIterable {
    case spec, trace, csv, plan, fixture, results, queries, answers, golden

    /// Reads `data` as this target's file. Errors are the expected outcome for bad bytes.
    func read(_ data: Data) {
        switch self {
        case .spec:
            if let spec = try? LayoutSpec.decode(data, path: "spec.json"), spec.tiles <= 10_000 {
                _ = try? spec.dump(in: Rect(x: 0, y: 0, width: 500, height: 500))
            }
        case .trace:
            _ = try? ScrollTrace.decode(data, path: "trace.json")
        case .csv:
            _ = try? TraceImport.csv(
                String(decoding: data, as: UTF8.self), path: "log.csv", refreshHz: 120,
                viewport: Size(width: 320, height: 480), name: "log", maxFrames: 100_000)
        case .plan:
            _ = try? BenchmarkPlan.load(from: FuzzTarget.scratchFile(data))
        case .fixture:
            _ = try? ReplayFixture.load(from: FuzzTarget.scratchFile(data))
        case .results:
            guard let document = try? JSONFiles.decode(ResultsDocument.self, from: data, file: "results.json") else { return }
            if let reports = try? LayoutReports(document: document, primary: ReportOptions(), sections: []) {
                // No figure a results file is let through may show as NaN (issue 27): the
                // fuzzer reports one as a crash.
                let pages = reports.markdown() + reports.html()
                if pages.contains("NaN") { fatalError("a report shows NaN") }
            }
        case .queries:
            _ = try? ConformanceQueries.decode(data, file: "queries.json")
        case .answers:
            _ = try? ConformanceAnswers.decode(data, file: "answers.json")
        case .golden:
            _ = try? GoldenFixture.decode(data, file: "golden.json")
        }
    }

    /// Readers that take a path: the bytes written to one file, reused.
    static func scratchFile(_ data: Data) -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("gridbench-fuzz-\(getpid()).json")
        try? data.write(to: url)
        return url
    }

    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["GRIDBENCH_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("GRIDBENCH_FUZZ_TARGET must be one of \(allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(64)
        }
        return target
    }()
}

#if GRIDBENCH_LIBFUZZER
/// libFuzzer's entry for a program with its own `main` (SwiftPM gives every executable one).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

@main
enum Main {
    static func main() {
        #if GRIDBENCH_LIBFUZZER
        _ = FuzzTarget.selected
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { start, count in
            let data = start.map { Data(bytes: $0, count: count) } ?? Data()
            FuzzTarget.selected.read(data)
            return 0
        })
        #else
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: gridbench-fuzz <\(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|"))> FILE…")
            exit(64)
        }
        for path in arguments.dropFirst() {
            target.read((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data())
            print("read \(path)")
        }
        #endif
    }
}
