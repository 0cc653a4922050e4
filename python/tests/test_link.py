"""The link between Python and node under what users do: Ctrl-C, a killed or stopped server, slow
answers, hundreds of envs, garbage collection, pickling and fork. Each scenario runs in a process of
its own, in a new session (link_scenarios.py)."""
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCENARIOS = [
    "sigint_mid_step",
    "double_sigint",
    "server_killed",
    "server_stopped",
    "timeout",
    "many_envs",
    "pickling",
    "forked",
    "async_vector_env",
]
_runs: dict[str, subprocess.Popen] = {}


def scenario(name):
    """The scenario's JSON line. All of them start together on first use (each waits mostly on its
    server), so the suite takes about as long as the slowest one."""
    if not _runs:
        env = {**os.environ, "PYTHONPATH": str(HERE.parent)}
        for s in SCENARIOS:
            _runs[s] = subprocess.Popen(
                [sys.executable, str(HERE / "link_scenarios.py"), s],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                start_new_session=True,
                env=env,
            )
    run = _runs[name]
    try:
        out, err = run.communicate(timeout=240)  # a guard against a hang, itself the failure tested
    except subprocess.TimeoutExpired:
        run.kill()
        raise
    assert run.returncode == 0, f"{name} exited {run.returncode}\n{out[-3000:]}\n{err[-3000:]}"
    return json.loads(out.strip().splitlines()[-1])


def test_ctrl_c_mid_step_finishes_the_step_then_raises_and_the_server_lives():
    seen = scenario("sigint_mid_step")
    assert seen == {
        "raised": True,
        "step_completed": True,
        "the_step_result_rides_on_the_interrupt": True,
        "took_at_least_the_ctrl_c_delay": True,
        "server_alive": True,
        "other_env_observation": 27,
    }


def test_a_second_ctrl_c_gives_up_the_step_and_the_env_asks_for_a_reset():
    seen = scenario("double_sigint")
    assert seen["raised"] is True
    assert seen["after"].startswith("interrupted: the last 'step' was given up on by a second Ctrl-C")
    assert seen["after"].endswith("call reset()")
    assert seen["other_env_observation"] == 27
    assert seen["reset_mask_rows"] == 2


def test_a_killed_server_is_a_clear_error_close_does_not_raise_and_a_new_env_starts_a_new_server():
    seen = scenario("server_killed")
    code, message = seen["error"]
    assert code == "server_exited"
    assert f"agora serve (pid {seen['pid']}) has exited" in message and "make a new env" in message
    assert seen["new_server"] is True and seen["obs"] > 0


def test_a_stopped_server_is_reported_and_the_env_recovers_after_it_resumes():
    seen = scenario("server_stopped")
    code, message = seen["error"]
    assert code == "server_stopped"
    assert f"agora serve (pid {seen['pid']}) is stopped" in message and f"kill -CONT {seen['pid']}" in message
    assert seen["after"] == "interrupted"
    assert seen["other"] == 27 and seen["reset"] > 0


def test_a_request_times_out_with_an_error_naming_the_server():
    seen = scenario("timeout")
    code, message = seen["error"]
    assert code == "timeout"
    assert message.startswith(f"agora serve (pid {seen['pid']}) did not answer 'step' within 0.5 s")
    assert "agora.set_timeout" in message
    assert seen["reset_rows"] == 2


def test_hundreds_of_envs_dropped_envs_give_their_places_back_and_the_pool_grows():
    seen = scenario("many_envs")
    assert seen["servers_for_200"] == 1
    assert seen["open_after_drops"] == 200
    assert seen["servers_in_pool"] == 2
    assert seen["last_works"] == 27


def test_pickling_makes_the_env_again_with_its_arguments():
    seen = scenario("pickling")
    assert seen == {
        "same_first_observation": True,
        "same_vector_observations": True,
        "players": 3,
        "aec_agents": ["player_0", "player_1"],
    }


def test_a_forked_child_gets_a_clear_error_for_the_parents_env_and_its_own_server():
    seen = scenario("forked")
    code, message = seen["used"]
    assert code == "forked" and "make envs in the child" in message
    assert seen["fresh"] > 0 and seen["parent_still_works"] > 0


def test_gymnasium_async_vector_env_with_fork_and_spawn():
    assert scenario("async_vector_env") == {"fork": [3, 131], "spawn": [3, 131]}
