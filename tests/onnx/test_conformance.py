"""A fast, fixed subset of ONNX's node conformance cases (one or two per op type, a few
function-body expansions and simple models) through tools/onnx_conformance.py: imported with
shlo.from_onnx, interpreted, compared with onnx's expected outputs; a few also compiled.

The full suite: `.venv/bin/python tools/onnx_conformance.py --jobs 2 --report FILE`.
SHLO_ONNX_CONFORMANCE_DROPPED=1 also runs the cases of DROPPED (expected to fail until their op
is converted).
"""
from __future__ import annotations

import functools
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import onnx_conformance as conformance  # noqa: E402

CASES = [
    "test_cumprod_1d", "test_det_2d",
    "test_flexattention_causal_mask_expanded_ver26",     # FlexAttention (ai.onnx.preview) as its default-domain body
    "test_expand_shape_model1", "test_sequence_model4", "test_single_relu_model", "test_abs", "test_acos",
    "test_acosh_example", "test_add", "test_affine_grid_3d", "test_and_bcast4v4d",
    "test_argmax_keepdims_random_select_last_index", "test_argmax_no_keepdims_example_select_last_index",
    "test_argmin_keepdims_example_select_last_index", "test_argmin_no_keepdims_example_select_last_index",
    "test_asin_example", "test_asinh_example", "test_atan", "test_atanh_example",
    "test_attention_4d_diff_heads_sizes_scaled", "test_attention_3d_causal",
    "test_averagepool_2d_precomputed_same_upper", "test_averagepool_2d_pads_count_include_pad",
    "test_batchnorm_example", "test_bitshift_left_int8_negative_shift", "test_bitshift_left_int32",
    "test_bitwise_and_ui64_bcast_3v1d", "test_bitwise_not_2d", "test_bitwise_or_ui64_bcast_3v1d",
    "test_bitwise_xor_i16_3d", "test_blackmanwindow_symmetric", "test_cast_UINT4_to_FLOAT16",
    "test_cast_FLOAT8E5M2_to_FLOAT16", "test_castlike_no_saturate_FLOAT_to_FLOAT8E5M2FNUZ",
    "test_castlike_FLOAT8E5M2_to_FLOAT16", "test_castlike_no_saturate_FLOAT_to_FLOAT8E5M2_expanded",
    "test_causal_conv_with_state_fp16", "test_ceil_example", "test_celu", "test_center_crop_pad_crop",
    "test_clip_default_inbounds", "test_col2im_pads", "test_concat_1d_axis_0", "test_constant",
    "test_constantofshape_float_ones", "test_conv_with_autopad_same", "test_convinteger_without_padding",
    "test_convtranspose_output_shape", "test_cos", "test_cosh_example", "test_cumsum_1d",
    "test_depthtospace_crd_mode_example", "test_dequantizelinear", "test_dft_opset19", "test_div_uint64",
    "test_dropout_default_ratio", "test_dynamicquantizelinear_min_adjusted",
    "test_dynamicquantizelinear_max_adjusted_expanded", "test_einsum_transpose_bfloat16", "test_elu_example",
    "test_equal_uint8", "test_erf", "test_exp", "test_expand_dim_unchanged",
    "test_eyelike_populate_off_main_diagonal", "test_flatten_axis3", "test_floor", "test_gather_0",
    "test_gather_elements_negative_indices", "test_gathernd_example_int32_batch_dim1", "test_gelu_default_2",
    "test_gelu_default_2_expanded", "test_gemm_default_zero_bias", "test_globalaveragepool",
    "test_globalmaxpool_precomputed", "test_greater", "test_greater_equal_uint16",
    "test_gridsample_nearest_align_corners_1_additional_1", "test_gridsample_bilinear_align_corners_0_additional_1",
    "test_group_normalization_epsilon", "test_group_normalization_epsilon_expanded", "test_gru_reverse",
    "test_hammingwindow", "test_hannwindow_symmetric", "test_hardmax_one_hot", "test_hardsigmoid_default",
    "test_hardswish", "test_hardswish_expanded", "test_identity", "test_if", "test_instancenorm_epsilon",
    "test_isinf", "test_isnan", "test_layer_normalization_4d_axis_negative_2", "test_layer_normalization_2d_axis0",
    "test_layer_normalization_4d_axis3_expanded_ver18", "test_leakyrelu", "test_less_bcast", "test_less_equal_uint32",
    "test_linear_attention_gated_per_head_decay", "test_log", "test_logsoftmax_example_1", "test_loop11",
    "test_lppool_2d_default", "test_lrn_default", "test_lstm_with_peepholes", "test_matmul_bcast",
    "test_matmulinteger", "test_max_int32", "test_maxpool_2d_pads", "test_maxpool_2d_same_upper",
    "test_maxunpool_export_without_output_shape", "test_mean_one_input", "test_mvn", "test_melweightmatrix",
    "test_min_two_inputs", "test_mish", "test_mod_int64_fmod", "test_mod_mixed_sign_int64", "test_mul_example",
    "test_neg_example", "test_nllloss_NCd1d2", "test_nllloss_NCd1", "test_not_3d", "test_onehot_without_axis",
    "test_optional_get_element_tensor", "test_optional_has_element_empty_no_input_name_tensor_input", "test_or3d",
    "test_constant_pad_negative_axes", "test_pow_types_int64_int64", "test_prelu_example", "test_qlinearconv",
    "test_qlinearmatmul_2D_uint8_float16", "test_quantizelinear_blocked_symmetric",
    "test_range_float_type_positive_delta", "test_range_int32_type_negative_delta_expanded", "test_reciprocal",
    "test_reduce_l1_keep_dims_random", "test_reduce_l1_keep_dims_example_expanded",
    "test_reduce_l2_negative_axes_keep_dims_random", "test_reduce_log_sum_default",
    "test_reduce_log_sum_exp_negative_axes_keepdims_random", "test_reduce_max_empty_set_bool",
    "test_reduce_mean_default_axes_keepdims_example", "test_reduce_min_bool_inputs",
    "test_reduce_prod_default_axes_keepdims_random", "test_reduce_sum_negative_axes_keepdims_random",
    "test_reduce_sum_square_empty_set", "test_relu", "test_reshape_negative_dim",
    "test_resize_upsample_sizes_nearest_not_smaller", "test_resize_tf_crop_and_resize", "test_reversesequence_time",
    "test_rms_normalization_2d_axis_negative_2", "test_rms_normalization_2d_axis0",
    "test_rms_normalization_2d_axis_negative_1_expanded", "test_simple_rnn_reverse", "test_roialign_mode_max",
    "test_rotary_embedding_no_position_ids_interleaved", "test_round", "test_scan_sum", "test_scatter_without_axis",
    "test_scatter_elements_with_negative_indices", "test_scatternd", "test_selu", "test_shape_start_1",
    "test_shrink_soft", "test_sigmoid", "test_sign", "test_sin", "test_sinh", "test_size_example",
    "test_slice_end_out_of_bounds", "test_softmax_default_axis", "test_softmax_large_number_expanded",
    "test_sce_mean_log_prob", "test_sce_mean_weight_ii_3d_log_prob", "test_sce_mean_expanded",
    "test_softplus_example", "test_softsign", "test_spacetodepth_crd_mode_example",
    "test_split_zero_size_splits_opset13", "test_split_variable_parts_1d_opset18", "test_sqrt",
    "test_squeeze_negative_axes", "test_stft_with_window", "test_sub_int16", "test_sum_one_input",
    "test_swiglu_float16", "test_swiglu_float16_expanded", "test_swish", "test_tan_example", "test_tanh",
    "test_thresholdedrelu_example", "test_tile_precomputed", "test_top_k_uint64", "test_transpose_all_permutations_4",
    "test_tril_zero", "test_tril", "test_unsqueeze_axis_1", "test_upsample_nearest", "test_where_example",
    "test_xor3d", "test_compress_0", "test_nonzero_example", "test_unique_sorted_with_axis",
    # sequence / optional graph inputs (their structure from the data set: input_structure)
    "test_sequence_map_identity_1_sequence", "test_sequence_map_add_1_sequence_1_tensor_expanded",
    "test_optional_get_element_optional_sequence", "test_optional_has_element_empty_optional_input",
    "test_identity_opt", "test_identity_sequence", "test_sequence_insert_at_back",
    # an optional empty in one If branch only; If branches of ranks 0 and 1 (AffineGrid's body)
    "test_if_opt", "test_affine_grid_3d_align_corners_expanded",
    # ragged sequences (ops/ragged.py): a run-time insert position among tensors of different sizes, a
    # run-time scalar split, a Loop appending tensors one longer per iteration
    "test_sequence_insert_at_front", "test_split_to_sequence_1", "test_loop13_seq",
    # misc ops (ops/misc.py, misc_detection.py)
    "test_bitcast_float32_to_int32", "test_basic_deform_conv_with_padding", "test_l2normalization_axis_0",
    "test_nonmaxsuppression_suppress_by_IOU", "test_tensorscatter", "test_tfidfvectorizer_tf_only_bigrams_skip0",
]

# Cases left out of CASES because they do not pass yet, with the importer's error.
DROPPED = {
    "test_loop16_seq_none": "a Loop of run-time length carrying an optional sequence whose first tensor is a "
                            "scalar and the appended ones 1-D (tensors of different ranks)",
}

COMPILED = ["test_conv_with_strides_padding", "test_gemm_all_attributes", "test_softmax_axis_1",
            "test_reduce_sum_keepdims_random", "test_gather_1", "test_resize_upsample_scales_linear",
            "test_lstm_defaults", "test_layer_normalization_4d_axis1"]


@functools.lru_cache(maxsize=None)
def _cases() -> dict:
    return {case.name: (case, label) for case, label in conformance.collect(node=True, model=True)}


def _check(name, compile_too=False):
    case, label = _cases()[name]
    r = conformance.run_case(case, label, compile_too=compile_too, time_limit=120)
    assert r["status"] == "pass", f"{name} [{label}] {r['status']}: {r['detail']}"


@pytest.mark.parametrize("name", CASES)
def test_case(name):
    _check(name)


@pytest.mark.parametrize("name", COMPILED)
def test_compiled(name):
    _check(name, compile_too=True)


@pytest.mark.parametrize("name", sorted(DROPPED))
def test_dropped_cases_are_clear_import_errors(name):
    """The known gaps fail loudly: an ImportError naming the node, never wrong numbers."""
    case, label = _cases()[name]
    r = conformance.run_case(case, label, time_limit=120)
    if os.environ.get("SHLO_ONNX_CONFORMANCE_DROPPED"):
        assert r["status"] == "pass", f"{name} [{label}] {r['status']}: {r['detail']}"
    assert r["status"] in ("import-error", "pass"), f"{name} [{label}] {r['status']}: {r['detail']}"


def test_subset_is_spread():
    """Every op type with in-scope cases is represented, unless it is listed in DROPPED."""
    chosen = {_cases()[n][1].removesuffix(" (expanded)") for n in CASES + sorted(DROPPED)}
    all_ops = {label.removesuffix(" (expanded)") for case, label in _cases().values()
               if label != "(light model)" and conformance.out_of_scope(case, label) is None}
    assert not all_ops - chosen, sorted(all_ops - chosen)


def test_classification():
    """Out-of-scope cases carry their reason; in-scope ones are not dropped silently."""
    cases = _cases()
    assert "string" in conformance.out_of_scope(*cases["test_string_concat"])
    assert "FLOAT4E2M1" in conformance.out_of_scope(*cases["test_cast_FLOAT_to_FLOAT4E2M1"])
    assert "non-default domain" in conformance.out_of_scope(*cases["test_ai_onnx_ml_label_encoder_string_int"])
    assert "random" in conformance.out_of_scope(*cases["test_bernoulli"])
    assert conformance.out_of_scope(*cases["test_conv_with_strides_padding"]) is None
    assert conformance.out_of_scope(*cases["test_softmax_axis_1_expanded"]) is None
