/**
 * Where react-admin's own English messages are amended: a resource's name at the start of the
 * sentence, as Italian has it, since 'No %{name} found' wrote 'No Tasks found' with the name's
 * capital in mid-sentence.
 */
export default {
  ra: {
    navigation: {
      no_results: '%{name}: no results',
      no_filtered_results: '%{name}: no results with the current filters.',
    },
  },
};
