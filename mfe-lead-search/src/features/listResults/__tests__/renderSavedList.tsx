import { AreaContext } from '@leadsmith/shared';
import { renderWithProviders } from '@leadsmith/shared/testing';
import { Route, Routes } from 'react-router';
import { peopleListAreaProps } from '../../../__tests__/listFixtures';
import { SavedListScreen } from '../components/SavedListScreen';

/** The saved list's screen at `route`, inside the lead search area's context, as the area mounts it. */
export const renderSavedList = (route = '/saved-lists/people-7') =>
  renderWithProviders(
    <AreaContext.Provider value={peopleListAreaProps}>
      <Routes>
        <Route path="/saved-lists/:typeId" element={<SavedListScreen />} />
      </Routes>
    </AreaContext.Provider>,
    { route },
  );
