import CSpawn

#if canImport(Glibc)
import Glibc
#endif

/// The pipes and `posix_spawn` file actions for one `ChildCommand`. Every
/// pipe end is close-on-exec and numbered above every descriptor the child
/// is given, so no duplication overwrites one still to be duplicated and no
/// other child inherits it.
struct SpawnActions {
    /// The file actions, for `posix_spawn`.
    var actions = posix_spawn_file_actions_t()
    /// The parent's ends.
    private(set) var standardInput: Int32?
    private(set) var standardOutput: Int32?
    private(set) var standardError: Int32?
    private(set) var outputPipes: [Int32: Int32] = [:]
    /// The child's ends, closed in the parent once the child started.
    private var childEnds: [Int32] = []
    /// The lowest number a pipe end may have.
    private let floor: Int32

    init(_ command: ChildCommand) throws(SpawnError) {
        floor = max(STDERR_FILENO, command.outputPipes.max() ?? STDERR_FILENO) + 1
        posix_spawn_file_actions_init(&actions)
        do {
            try add(command)
        } catch {
            closeChildEnds()
            closeParentEnds()
            destroy()
            throw error
        }
    }

    private mutating func add(_ command: ChildCommand) throws(SpawnError) {
        switch command.standardInput {
        case .inherit: break
        case .nullDevice: posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        case .pipe:
            let (read, write) = try makePipe()
            standardInput = write
            duplicate(read, to: STDIN_FILENO)
        }
        standardOutput = try output(command.standardOutput, to: STDOUT_FILENO)
        standardError = try output(command.standardError, to: STDERR_FILENO)
        for descriptor in command.outputPipes.sorted() {
            let (read, write) = try makePipe()
            outputPipes[descriptor] = read
            duplicate(write, to: descriptor)
        }
        if command.closesOtherDescriptors { posix_spawn_file_actions_addclosefrom_np(&actions, floor) }
        if let directory = command.directory { posix_spawn_file_actions_addchdir_np(&actions, directory) }
    }

    /// Sends the child's `target` where `output` says; the parent's end of its pipe, if any.
    private mutating func output(_ output: ChildOutput, to target: Int32) throws(SpawnError) -> Int32? {
        switch output {
        case .inherit: return nil
        case .standardOutput:
            if target != STDOUT_FILENO { posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, target) }
            return nil
        case .parentDescriptor(let descriptor):
            posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            return nil
        case .pipe:
            let (read, write) = try makePipe()
            duplicate(write, to: target)
            return read
        }
    }

    private mutating func duplicate(_ childEnd: Int32, to target: Int32) {
        childEnds.append(childEnd)
        posix_spawn_file_actions_adddup2(&actions, childEnd, target)
    }

    /// A close-on-exec pipe, both ends at `floor` or above: (read, write).
    private mutating func makePipe() throws(SpawnError) -> (Int32, Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw .pipe(errno) }
        for index in ends.indices where ends[index] < floor {
            let moved = fcntl(ends[index], F_DUPFD_CLOEXEC, floor)
            let error = errno
            close(ends[index])
            ends[index] = moved
            guard moved >= 0 else {
                for end in ends where end >= 0 { close(end) }
                throw .pipe(error)
            }
        }
        return (ends[0], ends[1])
    }

    /// Closes the child's ends in the parent.
    mutating func closeChildEnds() {
        for end in childEnds { close(end) }
        childEnds = []
    }

    /// Closes the parent's ends (when the child did not start).
    mutating func closeParentEnds() {
        for end in [standardInput, standardOutput, standardError].compactMap({ $0 }) + outputPipes.values { close(end) }
        (standardInput, standardOutput, standardError, outputPipes) = (nil, nil, nil, [:])
    }

    /// Frees the file actions.
    mutating func destroy() { posix_spawn_file_actions_destroy(&actions) }
}
